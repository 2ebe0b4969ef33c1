// Measures this machine's CPU peak (bridgebench/machine_peak.h) where the store has none, and
// only while the machine is quiet: other processes' CPU time on its cores is read before and
// during the products (OtherCpuMeter), and a figure taken beside them is not stored, since a
// stored peak is what every later run on the machine is held against.
#pragma once

#include <chrono>
#include <optional>
#include <string>
#include <vector>

#include "bridgebench/machine_peak.h"
#include "engine/run_control.h"

namespace bb {

class ResultStore;

// Other processes using less than this many cores, before and during the products, is quiet.
inline constexpr double kQuietOtherCores = 0.2;
inline constexpr int kMachinePeakRepetitions = 5;

struct MachinePeakAttempt {
    std::optional<MachinePeak> peak;  // measured quietly
    std::string notMeasured;          // why not, otherwise
};

// On every logical core, the fastest of kMachinePeakRepetitions square products (gemm_peak.h)
// at `precision` (fp32 | bf16), after `settle` of watching what others use. Leaves the compute
// threads at planComputeThreads(restoreThreads). Takes about 1 s on 2 cores.
MachinePeakAttempt measureMachinePeak(const std::string& machine, const std::string& precision, int restoreThreads,
                                      RunControl& control,
                                      std::chrono::milliseconds settle = std::chrono::milliseconds(250));

// The precisions this CPU has a peak at: fp32, and bf16 where it multiplies bf16 natively.
std::vector<std::string> machinePeakPrecisions();

// For each of machinePeakPrecisions() the store lacks for `machine`: measures and stores it if
// quiet. Returns why a missing one was not stored (empty when all are stored). Throws what the
// store throws.
std::vector<std::string> ensureMachinePeaks(ResultStore& store, const std::string& machine, int restoreThreads,
                                            RunControl& control);

}  // namespace bb
