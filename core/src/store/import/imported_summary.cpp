#include "store/import/imported_summary.h"

#include "bridgebench/run_summary.h"

namespace bb {

void ImportedSummaryBuilder::add(const StepMetrics& step) {
    if (step.samplesPerSec > 0) m_timed.add(step);
    ++m_steps;
    m_finalLoss = step.loss;
}

nlohmann::json ImportedSummaryBuilder::finish(const HeadlineFigures& headline) const {
    const RunSummary timed = m_timed.finish();
    nlohmann::json summary = timed;
    summary["steps"] = m_steps;
    summary["steps_median_samples_per_s"] = summary["median_samples_per_s"];
    if (m_steps > 0) summary["final_loss"] = m_finalLoss;
    if (headline.samplesPerSec) {
        summary["median_samples_per_s"] = *headline.samplesPerSec;
        summary["headline"] = headline.samplesPerSecSource;
        if (timed.steps == 0) {
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

nlohmann::json importedSummary(std::span<const StepMetrics> steps, const HeadlineFigures& headline) {
    ImportedSummaryBuilder builder;
    for (const auto& step : steps) builder.add(step);
    return builder.finish(headline);
}

}  // namespace bb
