// The name a run's device goes by in the runs table, the comparison and a reference table, as
// the study names its devices ("H100", "Gaudi2"). "cuda:0" names a slot on whichever machine
// ran the run, so a CUDA run goes by its GPU's model, from the environment the engine recorded
// ("NVIDIA H200" gives "H200"); a CPU run, or a CUDA run with no GPU name recorded, by the device
// as configured.
#pragma once

#include <string>

#include "bridgebench/run_environment.h"

namespace bb {

std::string runDeviceName(const std::string& device, const RunEnvironment& environment);

}  // namespace bb
