#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "bridgebench/pipeline_probe.h"
#include "bridgebench/skipped_samples.h"
#include "bridgebench/step_metrics.h"

namespace bb {

// A samples/s figure that a run's files state (an import's train_samples_per_second, a published
// table's figure) rather than one counted from its steps.
struct Headline {
    double samplesPerSec = 0;
    // What the figure is, as its files name it ("train_samples_per_second",
    // "steady_samples_per_second (after 3 warm-up steps)"); empty for a published table's figure.
    std::string source;
};

// Headline figures of a run. Throughput statistics skip the first warmupSteps steps
// (the study used 3); when a run has no step past warm-up they fall back to all steps
// and warmupExcluded says so.
//
// Every figure that a run may not have measured is optional: unknown is a state, never 0 (an
// import's files say nothing of data wait; one process has no all-reduce). Stored as JSON, an
// unknown figure is left out (docs/formats.md); runs stored by older builds, which wrote 0 for
// some of them, read back as unknown where 0 could only have meant that (from_json).
struct RunSummary {
    std::int64_t steps = 0;
    std::int64_t warmupSteps = 0;
    bool warmupExcluded = true;
    // Over the counted steps' own times; none for a run without timed steps.
    std::optional<double> medianSamplesPerSec;
    std::optional<double> meanSamplesPerSec;
    std::optional<double> p5SamplesPerSec;
    std::optional<double> p95SamplesPerSec;
    std::optional<double> dataWaitShare;  // data wait / wall time, over the counted steps
    std::optional<double> commShare;      // gradient all-reduce wait / wall time: data parallel only
    std::optional<double> flopsPerSample; // the engine's count of its model (training)
    // Over the whole measured time (mean samples/s), so slow steps count; the comparison's
    // TFLOP/s follows the headline (median) samples/s instead (run_flops.h). An import's is its
    // files' own (Trainer's total_flos / train_runtime).
    std::optional<double> achievedFlopsPerSec;
    // Unknown where an import's files give no samples per step (its logged points are not all its steps).
    std::optional<std::int64_t> samples;
    std::int64_t skippedSamples = 0;
    std::vector<SkippedSample> skippedFirst;  // the first few, with the reason
    // Steps trained but never stored (the store could not be written): the figures above
    // count only the stored ones, so the summary and the steps table agree.
    std::int64_t stepsNotStored = 0;
    std::optional<double> durationS;
    std::optional<double> finalLoss;
    // CPU runs in one process: the CPU time the machine gave one busy thread per core as the
    // run started (logical cores on an idle machine, less while other processes held them).
    std::optional<double> availableCoresAtStart;
    // CPU time other processes took on the run's cores while it ran (StepMetrics::otherCpuCores)
    // over the counted steps that measured it: weighted by step time, and the 95th percentile of
    // the steps; in cores.
    std::optional<double> otherCpuCores;
    std::optional<double> otherCpuCoresP95;
    // What the run's files state: the figure the run is shown by, in place of the steps' own.
    std::optional<Headline> headline;
    // The run has its headline only, no step times (the study's published figures, an import
    // whose files logged no throughput).
    bool headlineOnly = false;
    std::optional<double> trainLoss;  // an import's files' own mean training loss
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
    // Keys a stored summary holds that this build does not model (a later build's), kept as
    // they were so that a copy or an export loses nothing.
    nlohmann::json other = nlohmann::json::object();
};

// The figures a summary can leave unknown, by their stored names, each with its value or
// nullopt: what `show` prints as "unknown" and `show --json` as null. commShare is listed only
// for a data-parallel run, where it applies.
std::vector<std::pair<std::string, std::optional<double>>> summaryFigures(const RunSummary& summary);

// The samples/s a run is shown by: its headline where its files state one, else samples over the
// counted time (mean), else the median step; nullopt when the run has none of them.
std::optional<double> headlineSamplesPerSec(const RunSummary& summary);

// What a run's steps measured besides their wall time and samples: the engine's steps time the
// data wait, and the all-reduce wait where there is one; an import's steps (logged wall times)
// time neither, unless their files have the columns (a CSV of BridgeBench's own export).
struct MeasuredParts {
    bool dataWait = true;
    bool comm = false;
};

// flopsPerSample <= 0: not counted (the summary's FLOP figures stay unknown).
RunSummary summarize(std::span<const StepMetrics> steps, std::int64_t warmupSteps, double flopsPerSample = 0,
                     MeasuredParts parts = {});

// summarize() a step at a time, for steps too many to hold (a CSV import of millions of rows):
// it keeps one throughput figure per counted step, for the percentiles, and the warm-up steps.
// The same steps give the same summary, bit for bit.
class RunSummaryBuilder {
public:
    explicit RunSummaryBuilder(std::int64_t warmupSteps, double flopsPerSample = 0, MeasuredParts parts = {});
    void add(const StepMetrics& step);
    RunSummary finish() const;

private:
    void count(const StepMetrics& step);

    RunSummary m_summary;
    MeasuredParts m_parts;
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
