// A run with its steps and tags: what importers produce and exporters and reports consume.
#pragma once

#include <string>
#include <vector>

#include "bridgebench/result_store.h"
#include "bridgebench/step_metrics.h"

namespace bb {

struct RunData {
    RunRecord run;
    std::vector<StepMetrics> steps;
    std::vector<std::string> tags;
};

// Reads the runs with their steps and tags, in the order given.
std::vector<RunData> loadRuns(ResultStore& store, const std::vector<RunRecord>& runs);

}  // namespace bb
