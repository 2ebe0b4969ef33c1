#include "engine/model_factory.h"

#include "bridgebench/errors.h"
#include "engine/mini_clip.h"
#include "engine/synthetic_tensor_source.h"

namespace bb {

const std::vector<std::string>& modelPresetNames() {
    static const std::vector<std::string> names{"mini-clip"};
    return names;
}

std::unique_ptr<TrainingModel> makeTrainingModel(const RunConfig& config) {
    if (config.model == "mini-clip") return makeMiniClipTrainingModel(MiniClipOptions{});
    throw ConfigError("model", "'" + config.model + "' cannot be trained by this build");
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
