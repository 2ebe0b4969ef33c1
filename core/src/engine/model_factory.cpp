#include "engine/model_factory.h"

#include <fmt/format.h>

#include "bridgebench/bridgetower_config.h"
#include "bridgebench/errors.h"
#include "bridgebench/model_info.h"
#include "engine/bridgetower_training_model.h"
#include "engine/mini_clip.h"
#include "bridgebench/roberta_tokenizer.h"
#include "data/copy_stream_stager.h"
#include "data/dataset.h"
#include "data/decode_path.h"
#include "engine/loader_batch_source.h"
#include "engine/synthetic_dataset_cache.h"
#include "engine/synthetic_tensor_source.h"
#include "util/app_paths.h"

namespace bb {

BridgeTowerConfig bridgeTowerModel(const RunConfig& config) {
    const auto& presets = bridgeTowerPresetNames();
    const bool isPreset = std::find(presets.begin(), presets.end(), config.model) != presets.end();
    return isPreset ? bridgeTowerPreset(config.model) : loadBridgeTowerConfig(config.model);
}

std::int64_t resolveTextLength(const RunConfig& config) {
    if (config.model == "mini-clip") return config.textLength > 0 ? config.textLength : MiniClipOptions{}.textLength();
    const BridgeTowerConfig model = bridgeTowerModel(config);
    if (config.textLength == 0) return defaultTextLength(model);
    if (config.textLength > maxTextLength(model))
        throw ConfigError("text_length", fmt::format("{} tokens is more than {} takes: at most {} (its {} positions "
                                                     "less pad_token_id + 1)",
                                                     config.textLength, config.model, maxTextLength(model),
                                                     model.text.maxPositionEmbeddings));
    return config.textLength;
}

std::unique_ptr<TrainingModel> makeTrainingModel(const RunConfig& config) {
    const std::int64_t textLength = resolveTextLength(config);
    if (config.model == "mini-clip") {
        if (!config.weights.empty())
            throw ConfigError("weights", "mini-clip has no checkpoint format; weights are for BridgeTower models");
        return makeMiniClipTrainingModel(MiniClipOptions{}.textLength(textLength));
    }
    return makeBridgeTowerTrainingModel(bridgeTowerModel(config), config.weights, textLength);
}

namespace {

std::unique_ptr<BatchSource> makeTensorSource(const RunConfig& config, const TrainingModel& model,
                                              const torch::Device& device, int shardRank) {
    SyntheticTensorOptions options;
    options.batchSize = config.batchSize;
    options.imageSizePx = model.imageSizePx();
    options.textLength = model.textLength();
    options.vocabSize = model.vocabSize();
    options.seed = static_cast<std::uint64_t>(config.seed) + static_cast<std::uint64_t>(shardRank) * 0x9E3779B97F4A7C15ULL;
    return std::make_unique<SyntheticTensorSource>(options, device);
}

// RoBERTa ids for the model's embedding table. Test-size presets keep a small vocabulary;
// folding the ids above it (the four special tokens stay) keeps most distinct words distinct,
// so captions still carry what they describe and the contrastive loss can still fall.
TextEncodeFn textEncoder(const TrainingModel& model) {
    const auto folder = resourcePath("tokenizer/roberta");
    auto tokenizer = std::make_shared<const RobertaTokenizer>(
        RobertaTokenizer::fromFiles(folder / "vocab.json", folder / "merges.txt"));
    const std::int64_t vocabSize = model.vocabSize();
    constexpr std::int64_t kSpecialTokens = 4;  // <s> <pad> </s> <unk>
    return [tokenizer, vocabSize](std::string_view text) {
        std::vector<std::int64_t> ids = tokenizer->encode(text);
        if (vocabSize > kSpecialTokens) {
            for (auto& id : ids)
                if (id >= vocabSize) id = kSpecialTokens + (id - kSpecialTokens) % (vocabSize - kSpecialTokens);
        }
        return ids;
    };
}

std::filesystem::path syntheticManifest(const RunConfig& config, RunObserver& observer) {
    const auto options = defaultSyntheticDatasetOptions(static_cast<std::uint64_t>(config.seed));
    return ensureSyntheticDataset(cacheDirectory(), options, [&observer](std::int64_t written, std::int64_t total) {
        observer.preparing({"generating synthetic dataset", written, total});
    });
}

}  // namespace

std::unique_ptr<BatchSource> makeBatchSource(const RunConfig& config, const TrainingModel& model,
                                             const torch::Device& device, RunObserver& observer,
                                             int shardRank, int shardCount,
                                             std::shared_ptr<TimelineRecorder> timeline) {
    if (config.dataset == "synthetic-tensors") return makeTensorSource(config, model, device, shardRank);
    const std::filesystem::path data =
        config.dataset == "synthetic" ? syntheticManifest(config, observer) : std::filesystem::path(config.dataset);
    auto dataset = std::make_shared<const Dataset>(Dataset::open(data));

    LoaderOptions options;
    options.batchSize = config.batchSize;
    options.workers = config.workers;
    options.prefetchFactor = config.prefetchFactor;
    options.deviceTransforms = config.deviceTransforms;
    options.imageSizePx = model.imageSizePx();
    options.maxTextLength = model.textLength();
    options.seed = static_cast<std::uint64_t>(config.seed);
    options.augment = config.augment;
    options.textEncode = textEncoder(model);
    options.interpolation = config.interpolation == "bilinear" ? Interpolation::Bilinear : Interpolation::Bicubic;
    options.epochs = 0;  // the run's step count decides when to stop
    options.pinMemory = device.is_cuda();
    options.shardRank = shardRank;
    options.shardCount = shardCount;
    options.timeline = timeline;
    const DecodeChoice decode = chooseDecodePath(config);
    options.encodedJpegs = decode.site == DecodeSite::DeviceNvjpeg;
    return std::make_unique<LoaderBatchSource>(std::move(dataset), std::move(options), device, decode.library,
                                               device.is_cuda() ? makeCopyStreamStager(device, timeline) : nullptr);
}

std::string hostToDevicePath(const RunConfig& config) {
    if (!torch::Device(config.device).is_cuda()) return "none";
    return config.dataset == "synthetic-tensors" ? "training stream" : "copy stream";
}

}  // namespace bb
