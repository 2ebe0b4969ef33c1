// A run with its steps and tags: what importers produce and exporters and reports consume.
#pragma once

#include <string>
#include <vector>

#include "bridgebench/run_record.h"
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

}  // namespace bb
