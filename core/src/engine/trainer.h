// The training loop. Runs on the calling thread (RunSession gives it its own) and reports
// each step to the observer; never touches the disk.
#pragma once

#include "bridgebench/pipeline_probe.h"
#include "bridgebench/run_config.h"
#include "bridgebench/run_observer.h"
#include "bridgebench/skipped_samples.h"
#include "engine/run_control.h"

namespace bb {

struct TrainerResult {
    RunStatus status = RunStatus::Completed;
    std::string error;
    std::vector<StepMetrics> steps;
    double flopsPerSample = 0;
    SkippedSamples skipped;
    PipelineProbe probe;  // taken after a completed run when config.probe is on
};

// Never throws: failures (a bad checkpoint, out of memory) come back as status Failed.
TrainerResult train(const RunConfig& config, RunObserver& observer, RunControl& control);

// Intra-op threads a run with this config uses (config.threads, or a choice when 0).
int chooseIntraOpThreads(const RunConfig& config);

}  // namespace bb
