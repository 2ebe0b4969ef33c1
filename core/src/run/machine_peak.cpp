#include "bridgebench/machine_peak.h"

#include <fmt/format.h>

namespace bb {

std::string describeMachinePeak(const MachinePeak& peak) {
    return fmt::format("{} GEMM {}×{} on {} thread{}, best of {}, {:.1f} GFLOP/s (measured {})", peak.precision,
                       peak.gemmSize, peak.gemmSize, peak.threads, peak.threads == 1 ? "" : "s", peak.repetitions,
                       peak.flopsPerSec / 1e9, peak.measuredAt.substr(0, 10));
}

}  // namespace bb
