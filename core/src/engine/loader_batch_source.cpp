#include "engine/loader_batch_source.h"

#include <algorithm>
#include <chrono>
#include <limits>

#include "data/batch_builder.h"
#include "data/buffer_pool.h"
#include "data/dataset.h"

namespace bb {

namespace {

// The first batch, built twice on one buffer pool, keeping the faster build: the loader's
// own pool recycles its buffers, and a first build's fresh pages (2–3 µs each; 15 MB of
// decoded images for 16 of 640 × 480) would count a cost the run never paid.
std::optional<Batch> buildFirstBatch(const Dataset& dataset, LoaderOptions options, bool deviceTransforms) {
    options.deviceTransforms = deviceTransforms;
    BufferPool pool(1, torch::kCPU);
    BatchBuilder builder(dataset, options, pool);
    std::optional<Batch> fastest;
    for (int pass = 0; pass < 2; ++pass) {
        const std::optional<BatchTimings> previous = fastest ? std::optional(fastest->timings) : std::nullopt;
        fastest.reset();  // hands its buffer back to the pool before the next build
        std::optional<Batch> built = builder.build(0, std::stop_token{});
        if (!built) return std::nullopt;
        if (previous) {
            built->timings.buildMs = std::min(built->timings.buildMs, previous->buildMs);
            built->timings.transformMs = std::min(built->timings.transformMs, previous->transformMs);
        }
        fastest = std::move(built);
    }
    return fastest;
}

}  // namespace

LoaderBatchSource::LoaderBatchSource(std::shared_ptr<const Dataset> dataset, LoaderOptions options,
                                     torch::Device device, std::shared_ptr<const NvjpegLibrary> nvjpeg,
                                     std::shared_ptr<const BatchStager> stager)
    : m_dataset(dataset),
      // A copy of the options: the preparer reads the timeline from them after the loader.
      m_loader(std::move(dataset), options, std::move(stager)),
      m_preparer(device, std::move(nvjpeg), SpanLane{options.timeline, TimelineTrack::DeviceDecode, 0}) {}

bool LoaderBatchSource::fetch() {
    m_fetched = m_loader.next();
    return m_fetched.has_value();
}

ModelInputs LoaderBatchSource::prepare() {
    DeviceBatch inputs = m_preparer.prepare(*m_fetched);
    for (DeviceSkip& skip : inputs.skipped)
        m_deviceSkipped.add(m_dataset->sample(skip.sampleIndex).imagePath.string(), std::move(skip.reason));
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

void LoaderBatchSource::finish() {
    m_loader.cancel();
    // Before the run takes its last spans: the last steps' device decodes are timed by events
    // nothing has read yet.
    m_preparer.flushSpans();
}

SkippedSamples LoaderBatchSource::skipped() const {
    SkippedSamples all = m_loader.stats().skipped;
    all.merge(m_deviceSkipped);
    return all;
}

std::optional<BatchSource::TransformCosts> LoaderBatchSource::probeTransforms() {
    TransformCosts costs;
    const std::optional<Batch> hostBatch = buildFirstBatch(*m_dataset, m_loader.options(), false);
    const std::optional<Batch> rawBatch = buildFirstBatch(*m_dataset, m_loader.options(), true);
    if (!hostBatch || !rawBatch || hostBatch->size() == 0 || rawBatch->size() == 0) return std::nullopt;
    costs.loadMs = hostBatch->timings.buildMs;
    costs.decodeMs = rawBatch->timings.buildMs;
    costs.hostTransformMs = hostBatch->timings.transformMs;
    // The device path's first call allocates its workspaces, which the run's own calls reused;
    // of the two timed calls the faster is kept, as load from elsewhere only adds time.
    m_preparer.prepare(*rawBatch);
    costs.deviceTransformMs = std::numeric_limits<double>::infinity();
    for (int pass = 0; pass < 2; ++pass) {
        const auto start = std::chrono::steady_clock::now();
        DeviceBatch prepared = m_preparer.prepare(*rawBatch);
        if (m_preparer.device().is_cuda()) prepared.pixelValues.cpu();  // waits for the device
        const double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
        costs.deviceTransformMs = std::min(costs.deviceTransformMs, ms);
    }
    return costs;
}

}  // namespace bb
