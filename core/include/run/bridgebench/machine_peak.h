// A CPU's peak matrix throughput, the figure a CPU run's MFU is held against. It is a property
// of the machine, not of a run: timed per run (the probe did, on the run's own threads), it
// varied 188.5 vs 100.9 GFLOP/s within one sweep on a busy 2-core machine, and the slowest run
// of the sweep showed the highest MFU. So it is measured quietly (best of several products,
// only while other processes leave the cores alone), stored once per machine and precision,
// and every run on that machine is held against the same figure; where none was measured
// quietly, a CPU run has no MFU.
#pragma once

#include <string>

namespace bb {

struct MachinePeak {
    std::string machine;    // machineIdentity() (run_environment.h) of the machine it was measured on
    std::string precision;  // fp32 | bf16 (bf16 only where the CPU multiplies it natively)
    double flopsPerSec = 0;
    int gemmSize = 0;       // n of the n×n×n products timed
    int threads = 0;        // every logical core: the machine's peak, not one run's share of it
    int repetitions = 0;    // the fastest of this many counted
    double otherCores = 0;  // CPU that other processes used while it was measured, in cores
    std::string measuredAt; // ISO 8601 UTC
};

// "fp32 GEMM 2048×2048 on 2 threads, best of 5, 188.5 GFLOP/s (measured 2026-05-01)".
std::string describeMachinePeak(const MachinePeak& peak);

}  // namespace bb
