// A run with its steps and tags: what importers produce and exporters and reports consume.
#pragma once

#include <string>
#include <vector>

#include "bridgebench/result_store.h"
#include "bridgebench/step_metrics.h"
#include "bridgebench/timeline.h"

namespace bb {

struct RunData {
    RunRecord run;
    std::vector<StepMetrics> steps;
    std::vector<std::string> tags;
    // The spans of its timeline, read only for what says what they show (reports).
    std::vector<TimelineSpan> timeline;
};

// Reads the runs with their steps and tags, in the order given; without their steps for what
// reads them a step at a time (an export from ResultStore::forEachStep).
std::vector<RunData> loadRuns(ResultStore& store, const std::vector<RunRecord>& runs, bool withTimeline = false,
                              bool withSteps = true);

}  // namespace bb
