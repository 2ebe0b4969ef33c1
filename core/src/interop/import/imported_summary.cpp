#include "interop/import/imported_summary.h"

#include "bridgebench/run_summary.h"

namespace bb {

void ImportedSummaryBuilder::add(const StepMetrics& step) {
    if (step.samplesPerSec > 0) m_timed.add(step);
    ++m_steps;
    m_finalLoss = step.loss;
}

RunSummary ImportedSummaryBuilder::finish(const HeadlineFigures& headline, MeasuredParts parts) const {
    RunSummary summary = m_timed.finish();
    if (!parts.dataWait) summary.dataWaitShare.reset();
    if (!parts.comm) summary.commShare.reset();
    const bool timed = summary.steps > 0;
    // The timed points' samples count the run's only where its files log every step with its
    // samples (a CSV of BridgeBench's); none logged is a count the files do not give.
    if (summary.samples.value_or(0) == 0) summary.samples.reset();
    summary.steps = m_steps;
    if (m_steps > 0) summary.finalLoss = m_finalLoss;
    if (headline.samplesPerSec) {
        summary.headline = Headline{*headline.samplesPerSec, headline.samplesPerSecSource};
        summary.headlineOnly = !timed;
    }
    if (headline.runtimeSec) summary.durationS = *headline.runtimeSec;
    if (headline.trainLoss) summary.trainLoss = *headline.trainLoss;
    if (headline.totalFlos && headline.runtimeSec && *headline.runtimeSec > 0)
        summary.achievedFlopsPerSec = *headline.totalFlos / *headline.runtimeSec;
    return summary;
}

RunSummary importedSummary(std::span<const StepMetrics> steps, const HeadlineFigures& headline, MeasuredParts parts) {
    ImportedSummaryBuilder builder;
    for (const auto& step : steps) builder.add(step);
    return builder.finish(headline, parts);
}

}  // namespace bb
