// The training loop. Runs on the calling thread (RunSession gives it its own) and reports
// each step to the observer; never touches the disk.
#pragma once

#include "bridgebench/op_profile.h"
#include "bridgebench/pipeline_probe.h"
#include "bridgebench/run_config.h"
#include "bridgebench/run_observer.h"
#include "bridgebench/skipped_samples.h"
#include "engine/gradient_synchronizer.h"
#include "engine/run_control.h"

namespace bb {

struct TrainerResult {
    RunStatus status = RunStatus::Completed;
    std::string error;
    std::vector<StepMetrics> steps;
    double flopsPerSample = 0;
    SkippedSamples skipped;
    PipelineProbe probe;  // taken after a completed run when config.probe is on
    nlohmann::json distributed;  // GradientSynchronizer::finish(): null for one process
    nlohmann::json lossScaling;  // GradScaler::toJson() for fp16; null otherwise
    nlohmann::json deviceMemory;  // DeviceMemoryLog::summary() on CUDA; null otherwise
    // profile_steps (engine/profiled_steps.h): rank 0's ops, and the summary's "profile"
    // (null when the run profiled nothing).
    std::vector<OpEvent> ops;
    nlohmann::json profile;
};

// Never throws: failures (a bad checkpoint, out of memory, a rank that died) come back as
// status Failed. With data parallel, `steps` and the observer get the world's steps
// (sync.combine), every rank stops after the same step, and only rank 0 probes.
// `intraOpThreads`: the compute threads as the run's session resolved them (fewer where other
// processes held the cores, engine/core_contention.h); 0 leaves them to chooseIntraOpThreads().
TrainerResult train(const RunConfig& config, RunObserver& observer, RunControl& control,
                    GradientSynchronizer& sync, int intraOpThreads = 0);
TrainerResult train(const RunConfig& config, RunObserver& observer, RunControl& control);

// Intra-op threads a run with this config uses (config.threads, or a choice when 0).
int chooseIntraOpThreads(const RunConfig& config);

}  // namespace bb
