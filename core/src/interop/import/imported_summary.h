// The summary of an imported run whose steps were derived from logged wall times.
#pragma once

#include <optional>
#include <span>
#include <string>

#include <nlohmann/json.hpp>

#include "bridgebench/run_summary.h"
#include "bridgebench/step_metrics.h"

namespace bb {

struct HeadlineFigures {
    std::optional<double> samplesPerSec;  // the writer's own global figure (train_samples_per_second)
    std::optional<double> runtimeSec;
    std::optional<double> totalFlos;      // achieved FLOP/s = total_flos / runtime
    std::optional<double> trainLoss;
    // What samplesPerSec is, for the summary's "headline".
    std::string samplesPerSecSource = "train_samples_per_second";
};

// Statistics over the steps that have a throughput (the first logged step has none, and each
// logged step already averages its logging interval, so no warm-up is cut). The headline, when
// given, is the figure the run is shown by; the steps' own median stays beside it. The steps'
// parts (data wait, all-reduce) are unknown unless `parts` says the files time them.
RunSummary importedSummary(std::span<const StepMetrics> steps, const HeadlineFigures& headline,
                           MeasuredParts parts = {false, false});

// importedSummary() a step at a time (RunSummaryBuilder's memory: a figure per timed step).
class ImportedSummaryBuilder {
public:
    void add(const StepMetrics& step);
    RunSummary finish(const HeadlineFigures& headline, MeasuredParts parts = {false, false}) const;

private:
    RunSummaryBuilder m_timed{0, 0, MeasuredParts{true, true}};
    std::int64_t m_steps = 0;
    double m_finalLoss = 0;
};

}  // namespace bb
