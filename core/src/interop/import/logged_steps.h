// Steps of an imported run from what a logger recorded at its logging steps: a wall time (from
// event files) and perhaps a loss and device memory. Trainer logs every N optimizer steps, so
// each stored step stands for the N steps since the previous logged one.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <span>
#include <string_view>
#include <vector>

#include "bridgebench/scalar_event.h"
#include "bridgebench/step_metrics.h"

namespace bb {

struct LoggedStep {
    std::int64_t step = 0;
    std::optional<double> wallTimeS;  // seconds since the Unix epoch
    std::optional<double> loss;
    std::int64_t deviceMemoryBytes = 0;
};

// When each logged step ended, from TensorBoard scalars: the wall time of the step's loss
// (Trainer's on_log writes it with the step's record), else the earliest scalar at that step.
// Trainer writes its end-of-training figures (train/train_*, train/epoch again) and evaluations
// at the same step number but later; they must not stretch the step.
std::map<std::int64_t, double> stepWallTimes(std::span<const ScalarEvent> scalars);

// Whether a tag names a training loss ("train/loss", "loss", "Loss/train").
bool isLossTag(std::string_view tag);

// Sorted by step, one entry per step. An entry's wallMs is the mean optimizer-step time since
// the previous entry that had a wall time; samplesPerSec follows from samplesPerStep through
// bb::samplesPerSecond. The first timed entry has no interval: its wallMs and samplesPerSec are 0.
// samplesPerStep 0 (unknown) leaves samples and samplesPerSec 0 and keeps the times.
std::vector<StepMetrics> stepsFromLog(std::vector<LoggedStep> logged, std::int64_t samplesPerStep);

}  // namespace bb
