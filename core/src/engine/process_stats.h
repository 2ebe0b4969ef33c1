// Cheap per-step readings of the process: resident memory and CPU time.
#pragma once

#include <cstdint>

namespace bb {

std::int64_t residentSetBytes();
// CPU time of the whole process (all threads), in ms.
double processCpuMs();

}  // namespace bb
