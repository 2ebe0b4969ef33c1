#include "engine/model_factory.h"

#include "bridgebench/bridgetower_config.h"
#include "bridgebench/errors.h"
#include "engine/bridgetower_training_model.h"
#include "engine/mini_clip.h"
#include "engine/synthetic_tensor_source.h"

namespace bb {

const std::vector<std::string>& modelPresetNames() {
    static const std::vector<std::string> names = [] {
        std::vector<std::string> all{"mini-clip"};
        for (const auto& name : bridgeTowerPresetNames()) all.push_back(name);
        return all;
    }();
    return names;
}

std::unique_ptr<TrainingModel> makeTrainingModel(const RunConfig& config) {
    if (config.model == "mini-clip") {
        if (!config.weights.empty())
            throw ConfigError("weights", "mini-clip has no checkpoint format; weights are for BridgeTower models");
        return makeMiniClipTrainingModel(MiniClipOptions{});
    }
    const auto& presets = bridgeTowerPresetNames();
    const bool isPreset = std::find(presets.begin(), presets.end(), config.model) != presets.end();
    const BridgeTowerConfig model = isPreset ? bridgeTowerPreset(config.model) : loadBridgeTowerConfig(config.model);
    return makeBridgeTowerTrainingModel(model, config.weights);
}

std::unique_ptr<BatchSource> makeBatchSource(const RunConfig& config, const TrainingModel& model) {
    if (config.dataset != "synthetic")
        throw ConfigError("dataset", "'" + config.dataset + "': only 'synthetic' is supported by this build");
    SyntheticTensorOptions options;
    options.batchSize = config.batchSize;
    options.imageSizePx = model.imageSizePx();
    options.textLength = model.textLength();
    options.vocabSize = model.vocabSize();
    options.seed = static_cast<std::uint64_t>(config.seed);
    return std::make_unique<SyntheticTensorSource>(options);
}

}  // namespace bb
