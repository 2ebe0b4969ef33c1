// Why a run is as fast as it is. A step is loading plus compute: with workers = 0 they add
// up; with N workers loading runs beside compute and the step takes the longer of compute and
// one worker's batch time / N — on a CPU also bounded by the cores that all threads share.
// From one run's measured costs this predicts other worker counts and device-side transforms
// (on a GPU, with the decode on the device: see PipelineProfile::decodesOnDevice).
#pragma once

#include <cstdint>
#include <limits>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "bridgebench/note.h"
#include "bridgebench/pipeline_probe.h"
#include "bridgebench/run_record.h"
#include "bridgebench/step_metrics.h"

namespace bb {

// Over the steps after warm-up: the time a step took and waited as means (the run's time spread
// over its steps), what its parts cost as medians; plus the settings they were measured with.
struct PipelineProfile {
    double wallMs = 0;
    double dataWaitMs = 0;
    double computeMs = 0;          // copy + forward + backward + optimizer (device transform excluded)
    double deviceTransformMs = 0;  // measured only when the run had device transforms on
    double loadMs = 0;             // producing one batch (read + decode + transform + collate)
    double decodeMs = 0;           // read + decode: what stays in the loader with device transforms
    double hostTransformMs = 0;    // transform + collate: what device transforms move away
    double readMs = 0;             // reading the files alone
    double collateMs = 0;          // building the batch from the prepared images
    // On a GPU, device transforms decode with nvJPEG on the device too (DevicePreparer): the
    // loader then reads files and parses headers only. decodedOnDevice: this run did so (its
    // summary's decode.site); decodesOnDevice: the settings with device transforms would, which
    // a GPU run without them assumes, and one whose nvJPEG did not load (a CPU fallback) does not.
    bool decodedOnDevice = false;
    bool decodesOnDevice = false;
    std::int64_t batchSize = 0;
    int workers = 0;
    bool deviceTransforms = false;
    bool cpuDevice = true;
    int intraOpThreads = 1;
    bool threadsFixed = false;     // the config set `threads`; otherwise they follow the workers
    // With threads=0, the count the engine would have taken on free cores where it took fewer
    // because other processes held them at the start (engine/core_contention.h); 0 otherwise.
    int threadsInsteadOf = 0;
    int cores = 1;                 // per rank of rank 0's machine with data parallel
    bool coresKnown = true;        // false: the run did not record them, and `cores` is its threads + workers
    int machineCores = 1;          // the whole machine's, which other processes share with all its ranks
    double loadAverage = -1;       // the machine's 1-minute load when the run started; -1 unknown
    double availableCoresAtStart = 0;  // measured as the run started (RunSummary); 0 unknown
    // Cores other processes took while the run ran (RunSummary::otherCpuCores); NaN unknown.
    double otherCpuCores = std::numeric_limits<double>::quiet_NaN();
    double otherCpuCoresP95 = std::numeric_limits<double>::quiet_NaN();
    std::int64_t stepsUsed = 0;
    double forwardBackwardMs = 0;  // the run's own median forward + backward, to set the curve against
    PipelineProbe probe;           // taken after the run; empty when it took none
    double cpuUtilisation = 0;     // median process CPU time per wall time over the counted steps
    // Data parallel: the world size, the mean all-reduce wait backward did not hide, and one
    // all-reduce of the whole gradient timed after the run (0 when not measured).
    int worldSize = 1;
    double commMs = 0;
    double allreduceFullMs = 0;
};

struct PipelinePrediction {
    int workers = 0;
    bool deviceTransforms = false;
    int threads = 1;  // compute (intra-op) threads at that setting: the config's, else cores - workers
    double stepMs = 0;
    double samplesPerSec = 0;
    bool isMeasuredSetting = false;
};

// Data parallel: the same per-rank step at another world size, its all-reduce wait scaled by
// the ring all-reduce's traffic per rank, 2 (n - 1) / n of the gradient.
struct RankPrediction {
    int ranks = 1;
    double commMs = 0;
    double samplesPerSec = 0;  // all ranks together
    bool isMeasuredSetting = false;
};

struct Diagnosis {
    std::string bound;  // "input-bound", "compute-bound" or "communication-bound"
    double dataWaitShare = 0;
    double commShare = 0;
    std::vector<RankPrediction> rankPredictions;  // 1, 2, 4, 8 ranks; empty for one process
    PipelineProfile profile;
    // Workers 0..2, the run's own and more while they are faster (up to the cores) × transforms off/on.
    std::vector<PipelinePrediction> predictions;
    PipelinePrediction recommended;
    std::string explanation;
    std::vector<Note> assumptions;
    // Reasons to distrust the figures themselves (the machine was busy while it ran).
    std::vector<Note> warnings;
    // Where the probe timed fewer compute threads well below the run's count (other processes
    // held a core, and the threads waited for each other at every barrier): the run's own
    // setting at the fastest count it timed. A warning says so.
    std::optional<PipelinePrediction> fewerThreads;
    // The run's own setting as its counted steps went (samples/s over their mean time), and
    // whether its prediction is more than kUpperBoundMargin above that: then the predictions are
    // upper bounds (each part at its cost alone, as the probe timed it after the run, warm and
    // with nothing beside it) and the headline says so; a tour saw 357 predicted for a setting
    // that measured 217, with nothing saying why.
    double measuredSamplesPerSec = 0;
    bool predictionsAreUpperBounds = false;
    // What the run's timeline shows, beside the averages the verdict comes from: who the training
    // thread waited for, how busy the loader workers were, a straggler rank (addTimelineEvidence,
    // diagnosis_timeline.h). Empty for a run without a timeline.
    std::vector<Note> evidence;
    std::optional<int> stragglerRank;
};

inline constexpr double kUpperBoundMargin = 0.10;

// Whether the steps carry the measured parts (data wait, compute, loading) the model needs:
// steps imported from other tools' logs have wall-clock times only.
bool canDiagnose(std::span<const StepMetrics> steps);

PipelineProfile profileRun(const RunRecord& run, std::span<const StepMetrics> steps);
double predictStepMs(const PipelineProfile& profile, int workers, bool deviceTransforms);
// The same at an explicit compute thread count (the `threads` config key).
double predictStepMs(const PipelineProfile& profile, int workers, bool deviceTransforms, int threads);
// Compute (copy + forward + backward + optimizer) at `threads` compute threads with the cores
// to itself: the run's own figure scaled by the probe's curve, measured at that count or
// fitted as a + b / threads (Amdahl) over the counts it has; perfect scaling when the run
// has no curve. A run with workers measured its compute while they shared the cores; the
// probe, taken with the loader stopped, takes that slowdown back out.
double predictComputeMs(const PipelineProfile& profile, int threads);
Diagnosis diagnose(const PipelineProfile& profile);

void to_json(nlohmann::json& out, const PipelinePrediction& prediction);
void to_json(nlohmann::json& out, const RankPrediction& prediction);
void to_json(nlohmann::json& out, const Diagnosis& diagnosis);

}  // namespace bb
