#include "store/import/imported_summary.h"

#include <vector>

#include "bridgebench/run_summary.h"

namespace bb {

nlohmann::json importedSummary(std::span<const StepMetrics> steps, const HeadlineFigures& headline) {
    std::vector<StepMetrics> timed;
    for (const auto& step : steps)
        if (step.samplesPerSec > 0) timed.push_back(step);
    nlohmann::json summary = summarize(timed, 0);
    summary["steps"] = static_cast<std::int64_t>(steps.size());
    summary["steps_median_samples_per_s"] = summary["median_samples_per_s"];
    if (!steps.empty()) summary["final_loss"] = steps.back().loss;
    if (headline.samplesPerSec) {
        summary["median_samples_per_s"] = *headline.samplesPerSec;
        summary["headline"] = "train_samples_per_second";
        if (timed.empty()) {
            summary["mean_samples_per_s"] = *headline.samplesPerSec;
            summary["headline_only"] = true;
        }
    }
    if (headline.runtimeSec) summary["duration_s"] = *headline.runtimeSec;
    if (headline.trainLoss) summary["train_loss"] = *headline.trainLoss;
    if (headline.totalFlos && headline.runtimeSec && *headline.runtimeSec > 0)
        summary["achieved_flops_per_s"] = *headline.totalFlos / *headline.runtimeSec;
    return summary;
}

}  // namespace bb
