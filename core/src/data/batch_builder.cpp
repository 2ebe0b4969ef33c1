#include "data/batch_builder.h"

#include <chrono>
#include <cstring>

#include "data/buffer_pool.h"
#include "data/dataset.h"
#include "data/file_bytes.h"
#include "data/image_format.h"
#include "data/random.h"

namespace bb {

namespace {

using Clock = std::chrono::steady_clock;

// Separates augmentation draws from the sample order's, both derived from (seed, epoch).
constexpr std::uint64_t kAugmentStream = 0x6175676d656e74ULL;

}  // namespace

BatchBuilder::BatchBuilder(const Dataset& dataset, const LoaderOptions& options, BufferPool& pool, SpanLane lane)
    : m_dataset(dataset),
      m_lane(std::move(lane)),
      m_options(options),
      m_pool(pool),
      m_order(dataset.size(), options.batchSize, options.shuffle, options.dropLast, options.seed, options.shardRank,
              options.shardCount),
      m_transformOptions{.imageSizePx = static_cast<int>(options.imageSizePx),
                         .interpolation = options.interpolation,
                         .augment = options.augment},
      m_padding{options.maxTextLength, options.padTokenId, options.eosTokenId},
      m_transform(options.interpolation) {}

std::optional<Batch> BatchBuilder::build(std::int64_t index, std::stop_token stop) {
    const Clock::time_point start = Clock::now();
    const bool spans = m_lane.records(index);
    // One clock reading ends a stage: it is both the stage's sum and, when spans are recorded,
    // its span.
    const auto endStage = [&](SpanKind kind, Clock::time_point stageStart, double& sumMs) {
        const Clock::time_point now = Clock::now();
        sumMs += std::chrono::duration<double, std::milli>(now - stageStart).count();
        if (spans) m_lane.add(kind, index, stageStart, now);
    };
    const std::span<const std::uint32_t> samples = m_order.batch(index);
    const auto capacity = static_cast<std::int64_t>(samples.size());
    const std::int64_t sizePx = m_options.imageSizePx;
    const std::int64_t textLength = m_options.maxTextLength;
    const bool withText = static_cast<bool>(m_options.textEncode);

    Batch batch;
    batch.index = index;
    batch.epoch = m_order.epochOf(index);
    batch.indexInEpoch = index % m_order.batchesPerEpoch();
    batch.imageSizePx = static_cast<int>(sizePx);
    batch.interpolation = m_options.interpolation;
    batch.sampleIndices.reserve(samples.size());
    batch.plans.reserve(samples.size());
    BatchTimings& timings = batch.timings;

    float* pixels = nullptr;
    if (!m_options.deviceTransforms) {
        batch.pixelValues = m_pool.acquire({capacity, 3, sizePx, sizePx}, torch::kFloat);
        pixels = batch.pixelValues.data_ptr<float>();
    } else if (m_staged.size() < samples.size()) {
        m_staged.resize(samples.size());
    }
    const bool encodeJpegs = m_options.deviceTransforms && m_options.encodedJpegs;
    m_encoded.clear();
    m_encodedBytes.clear();
    std::int64_t* ids = nullptr;
    std::int64_t* mask = nullptr;
    if (withText) {
        batch.inputIds = torch::empty({capacity, textLength}, torch::kLong);
        batch.attentionMask = torch::empty({capacity, textLength}, torch::kLong);
        ids = batch.inputIds.data_ptr<std::int64_t>();
        mask = batch.attentionMask.data_ptr<std::int64_t>();
    }

    const std::uint64_t epochSeed = mixSeed(mixSeed(m_options.seed, kAugmentStream),
                                            static_cast<std::uint64_t>(batch.epoch));
    const std::int64_t firstPosition = batch.indexInEpoch * m_options.batchSize;
    std::int64_t filled = 0;
    std::size_t decodedCount = 0;  // device path: images staged in m_staged
    std::string error;
    for (std::size_t slot = 0; slot < samples.size(); ++slot) {
        if (stop.stop_requested()) {
            return std::nullopt;
        }
        const std::uint32_t sampleIndex = samples[slot];
        const DatasetSample& sample = m_dataset.sample(sampleIndex);

        Clock::time_point stageStart = Clock::now();
        const FileRead read = readFileBytes(sample.imagePath, m_fileBytes);
        endStage(SpanKind::Read, stageStart, timings.readMs);
        if (!read.ok) {
            batch.skipped.push_back({sampleIndex, {sample.imagePath.string(), read.error}});
            continue;
        }

        int widthPx = 0;
        int heightPx = 0;
        stageStart = Clock::now();
        if (encodeJpegs && sniffImageFormat(m_fileBytes) == ImageFormat::Jpeg) {
            // Only the headers here: the size decides the plan, the device decodes the rest.
            JpegHeader header;
            const bool parsed = m_jpegHeaders.readHeader(m_fileBytes, header, error);
            endStage(SpanKind::Decode, stageStart, timings.decodeMs);
            if (!parsed) {
                batch.skipped.push_back({sampleIndex, {sample.imagePath.string(), error}});
                continue;
            }
            widthPx = header.widthPx;
            heightPx = header.heightPx;
            m_encoded.push_back({filled, static_cast<std::int64_t>(m_encodedBytes.size()),
                                 static_cast<std::int64_t>(m_fileBytes.size()), widthPx, heightPx});
            m_encodedBytes.insert(m_encodedBytes.end(), m_fileBytes.begin(), m_fileBytes.end());
        } else {
            RgbImage& image = m_options.deviceTransforms ? m_staged[decodedCount] : m_image;
            const bool decoded = m_decoder.decode(m_fileBytes, image, error);
            endStage(SpanKind::Decode, stageStart, timings.decodeMs);
            if (!decoded) {
                batch.skipped.push_back({sampleIndex, {sample.imagePath.string(), error}});
                continue;
            }
            widthPx = image.widthPx();
            heightPx = image.heightPx();
            if (m_options.deviceTransforms) ++decodedCount;
        }

        // Each sample's draws depend on its position in the epoch only, not on which thread
        // builds it or which samples before it were skipped.
        SplitMix64 rng(mixSeed(epochSeed, static_cast<std::uint64_t>(firstPosition) + slot));
        const TransformPlan plan = planTransform(widthPx, heightPx, m_transformOptions, rng);
        if (!m_options.deviceTransforms) {
            stageStart = Clock::now();
            m_transform.apply(m_image.mat(), plan, pixels + filled * 3 * sizePx * sizePx);
            endStage(SpanKind::Transform, stageStart, timings.transformMs);
        }

        if (withText) {
            stageStart = Clock::now();
            const std::vector<std::int64_t> tokens = m_options.textEncode(sample.caption);
            padOrTruncate(tokens, m_padding, ids + filled * textLength, mask + filled * textLength);
            endStage(SpanKind::Tokenize, stageStart, timings.tokenizeMs);
        }
        batch.sampleIndices.push_back(sampleIndex);
        batch.plans.push_back(plan);
        ++filled;
    }

    const Clock::time_point collateStart = Clock::now();
    if (filled < capacity) {
        if (batch.pixelValues.defined()) {
            batch.pixelValues = batch.pixelValues.narrow(0, 0, filled);
        }
        if (withText) {
            batch.inputIds = batch.inputIds.narrow(0, 0, filled);
            batch.attentionMask = batch.attentionMask.narrow(0, 0, filled);
        }
    }
    if (m_options.deviceTransforms) {
        collateRawImages(batch, static_cast<std::int64_t>(decodedCount));
        if (encodeJpegs) collateEncodedImages(batch);
    }
    endStage(SpanKind::Collate, collateStart, timings.collateMs);
    endStage(SpanKind::Batch, start, timings.buildMs);
    return batch;
}

void BatchBuilder::collateRawImages(Batch& batch, std::int64_t count) {
    std::int64_t totalBytes = 0;
    batch.rawImages.reserve(static_cast<std::size_t>(count));
    for (std::int64_t i = 0; i < count; ++i) {
        const RgbImage& image = m_staged[static_cast<std::size_t>(i)];
        batch.rawImages.push_back({totalBytes, image.widthPx(), image.heightPx()});
        totalBytes += static_cast<std::int64_t>(image.byteCount());
    }
    batch.rawPixels = m_pool.acquire({totalBytes}, torch::kByte);
    std::uint8_t* out = batch.rawPixels.data_ptr<std::uint8_t>();
    for (std::int64_t i = 0; i < count; ++i) {
        const RgbImage& image = m_staged[static_cast<std::size_t>(i)];
        std::memcpy(out + batch.rawImages[static_cast<std::size_t>(i)].byteOffset, image.data(), image.byteCount());
    }
}

void BatchBuilder::collateEncodedImages(Batch& batch) {
    batch.encodedImages = m_encoded;
    batch.encodedBytes = m_pool.acquire({static_cast<std::int64_t>(m_encodedBytes.size())}, torch::kByte);
    if (!m_encodedBytes.empty())
        std::memcpy(batch.encodedBytes.data_ptr<std::uint8_t>(), m_encodedBytes.data(), m_encodedBytes.size());
    m_encodedBytes.clear();
}

}  // namespace bb
