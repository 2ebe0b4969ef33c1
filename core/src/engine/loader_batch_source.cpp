#include "engine/loader_batch_source.h"

namespace bb {

LoaderBatchSource::LoaderBatchSource(std::shared_ptr<const Dataset> dataset, LoaderOptions options,
                                     torch::Device device)
    : m_loader(std::move(dataset), std::move(options)), m_preparer(device) {}

bool LoaderBatchSource::fetch() {
    m_fetched = m_loader.next();
    return m_fetched.has_value();
}

ModelInputs LoaderBatchSource::prepare() {
    DeviceBatch inputs = m_preparer.prepare(*m_fetched);
    return {std::move(inputs.pixelValues), std::move(inputs.inputIds), std::move(inputs.attentionMask)};
}

void LoaderBatchSource::recordLoadCost(StepMetrics& metrics) const {
    if (!m_fetched) return;
    const BatchTimings& timings = m_fetched->timings;
    // The builder's wall time, not the sum of stages: it is what one worker spends per batch,
    // which is the quantity the pipeline diagnosis divides among workers.
    metrics.loadMs = timings.buildMs;
    metrics.readMs = timings.readMs;
    metrics.decodeMs = timings.decodeMs;
    metrics.transformMs = timings.transformMs;
    // Tokenising is collating the text side of the batch; the store keeps one column for both.
    metrics.collateMs = timings.collateMs + timings.tokenizeMs;
}

SkippedSamples LoaderBatchSource::skipped() const { return m_loader.stats().skipped; }

}  // namespace bb
