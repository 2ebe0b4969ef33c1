#pragma once

#include <cstdint>
#include <limits>
#include <span>
#include <vector>

#include <nlohmann/json.hpp>

#include "bridgebench/pipeline_probe.h"
#include "bridgebench/skipped_samples.h"
#include "bridgebench/step_metrics.h"

namespace bb {

// Headline figures of a run. Throughput statistics skip the first warmupSteps steps
// (the study used 3); when a run has no step past warm-up they fall back to all steps
// and warmupExcluded says so.
struct RunSummary {
    std::int64_t steps = 0;
    std::int64_t warmupSteps = 0;
    bool warmupExcluded = true;
    double medianSamplesPerSec = 0;
    double meanSamplesPerSec = 0;
    double p5SamplesPerSec = 0;
    double p95SamplesPerSec = 0;
    double dataWaitShare = 0;       // data wait / wall time, over the counted steps
    double commShare = 0;           // gradient all-reduce wait / wall time (data parallel)
    double flopsPerSample = 0;      // the engine's count of its model (training); 0: unknown
    // Over the whole measured time (mean samples/s), so slow steps count; the comparison's
    // TFLOP/s follows the headline (median) samples/s instead (run_flops.h).
    double achievedFlopsPerSec = 0;
    std::int64_t samples = 0;
    std::int64_t skippedSamples = 0;
    std::vector<SkippedSample> skippedFirst;  // the first few, with the reason
    // Steps trained but never stored (the store could not be written): the figures above
    // count only the stored ones, so the summary and the steps table agree.
    std::int64_t stepsNotStored = 0;
    double durationS = 0;
    double finalLoss = 0;
    // CPU runs in one process: the CPU time the machine gave one busy thread per core as the
    // run started (logical cores on an idle machine, less while other processes held them);
    // 0 unknown.
    double availableCoresAtStart = 0;
    // CPU time other processes took on the run's cores while it ran (StepMetrics::otherCpuCores)
    // over the counted steps that measured it: weighted by step time, and the 95th percentile of
    // the steps; in cores. NaN: not measured.
    double otherCpuCores = std::numeric_limits<double>::quiet_NaN();
    double otherCpuCoresP95 = std::numeric_limits<double>::quiet_NaN();
    PipelineProbe probe;  // empty when the run took no probe (GPU compute, cancelled, imported)
    // Data parallel (null for one process): world_size, backend, buckets, the timed full-size
    // all-reduce, and per rank its host, device, threads and median step parts.
    nlohmann::json distributed;
    // Where JPEGs were decoded when the run wanted them decoded on its device (device_transforms
    // on cuda): {"site", "device_wanted", "library", "fallback"} (data/decode_path.h); null
    // otherwise. A "fallback" says why the CPU decoded instead.
    nlohmann::json decode;
    // fp16 runs' dynamic loss scaling: {"initial_scale", "final_scale", "skipped_steps",
    // "growth_interval"} (engine/grad_scaler.h); null for fp32 and bf16.
    nlohmann::json lossScaling;
    // CUDA runs: {"peak_bytes", "reserved_bytes", "device_allocations_after_warmup",
    // "reserved_growth_after_warmup_bytes"} from the caching allocator (engine/device_memory.h);
    // a steady step allocates nothing new, so the after-warm-up figures should read 0. Null
    // elsewhere.
    nlohmann::json deviceMemory;
    // profile_steps (bridgebench/op_profile.h): {"steps", "events"} captured after the counted
    // steps, or {"error"} where the capture failed; null when the run profiled nothing.
    nlohmann::json profile;
};

RunSummary summarize(std::span<const StepMetrics> steps, std::int64_t warmupSteps,
                     double flopsPerSample = 0);

// summarize() a step at a time, for steps too many to hold (a CSV import of millions of rows):
// it keeps one throughput figure per counted step, for the percentiles, and the warm-up steps.
// The same steps give the same summary, bit for bit.
class RunSummaryBuilder {
public:
    explicit RunSummaryBuilder(std::int64_t warmupSteps, double flopsPerSample = 0);
    void add(const StepMetrics& step);
    RunSummary finish() const;

private:
    void count(const StepMetrics& step);

    RunSummary m_summary;
    std::vector<StepMetrics> m_warmup;  // until a step past them shows they are excluded
    bool m_pastWarmup = false;
    std::vector<double> m_rates;
    std::vector<double> m_others;
    double m_waitMs = 0;
    double m_commMs = 0;
    double m_wallMs = 0;
    std::int64_t m_samples = 0;
    double m_otherCoreMs = 0;
    double m_otherWallMs = 0;
};

void to_json(nlohmann::json& out, const RunSummary& summary);
void from_json(const nlohmann::json& in, RunSummary& summary);

}  // namespace bb
