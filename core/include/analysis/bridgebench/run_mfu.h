// Model FLOPs utilisation of a stored run: achieved FLOP/s per device over the device's peak
// dense throughput at the run's precision. Accelerators' peaks come from the sourced table
// (device_peaks.h); a CPU run's peak is its machine's, measured quietly once and stored
// (machine_peak.h, RunRecord::machinePeaks). Without a peak there is no MFU, and `reason` says why.
#pragma once

#include <string>

#include "bridgebench/run_record.h"
#include "bridgebench/run_flops.h"

namespace bb {

struct RunMfu {
    double mfu = 0;               // 0..1 (may exceed 1 only if the peak source is wrong); 0: unknown
    double peakFlopsPerSec = 0;   // per device
    std::string peakSource;       // the datasheet, or "this machine's fp32 GEMM 2048×2048 on 2 threads, …"
    std::string reason;           // why there is none, when there is none
    std::vector<std::string> assumptions;
    bool known() const { return mfu > 0; }
};

RunMfu runMfu(const RunRecord& run, const RunFlops& flops);
inline RunMfu runMfu(const RunRecord& run) { return runMfu(run, runFlops(run)); }

// The name a run's device goes by in the peak table: for a local CUDA run the GPU's own name
// from its environment (its device_name is "cuda:0"), else device_name, else device_kind.
std::string peakDeviceName(const RunRecord& run);

}  // namespace bb
