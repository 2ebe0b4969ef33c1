// The summary JSON of an imported run whose steps were derived from logged wall times.
#pragma once

#include <optional>
#include <span>

#include <nlohmann/json.hpp>

#include "bridgebench/step_metrics.h"

namespace bb {

struct HeadlineFigures {
    std::optional<double> samplesPerSec;  // the writer's own global figure (train_samples_per_second)
    std::optional<double> runtimeSec;
    std::optional<double> totalFlos;      // achieved FLOP/s = total_flos / runtime
    std::optional<double> trainLoss;
};

// Statistics over the steps that have a throughput (the first logged step has none, and each
// logged step already averages its logging interval, so no warm-up is cut). The headline, when
// given, is the run's median_samples_per_s, as for the study's reference figures; the steps'
// own median stays as steps_median_samples_per_s.
nlohmann::json importedSummary(std::span<const StepMetrics> steps, const HeadlineFigures& headline);

}  // namespace bb
