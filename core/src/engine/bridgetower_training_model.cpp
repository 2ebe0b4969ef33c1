#include "engine/bridgetower_training_model.h"

#include <algorithm>

#include "bridgebench/model_info.h"
#include "model/bridgetower_heads.h"
#include "model/safetensors.h"
#include "model/state_dict_io.h"

namespace bb {

namespace {

// A caption's length as the study's fine-tuning used it, within the position table (RoBERTa
// positions start at pad + 1, so two entries are never used by tokens).
std::int64_t captionLength(const BridgeTowerConfig& config) {
    return std::min<std::int64_t>(kDefaultTextLength, config.text.maxPositionEmbeddings - 2);
}

class BridgeTowerTrainingModel final : public TrainingModel {
public:
    BridgeTowerTrainingModel(const BridgeTowerConfig& config, const std::filesystem::path& weights)
        : m_config(config),
          m_model(makeContrastiveModel(config)),
          m_textLength(captionLength(config)),
          m_flopsPerSample(modelInfo(config, static_cast<int>(m_textLength)).trainingFlopsPerSample) {
        if (!weights.empty()) loadStateDict(*m_model, SafetensorsFile(weights), LoadMode::kStrict);
    }
    torch::nn::Module& module() override { return *m_model; }
    torch::Tensor loss(const ModelInputs& inputs) override {
        return m_model->forward(inputs.inputIds, inputs.attentionMask, inputs.pixelValues).loss;
    }
    double flopsPerSample() const override { return m_flopsPerSample; }
    std::int64_t imageSizePx() const override { return m_config.vision.imageSizePx; }
    std::int64_t textLength() const override { return m_textLength; }
    std::int64_t vocabSize() const override { return m_config.text.vocabSize; }

private:
    BridgeTowerConfig m_config;
    BridgeTowerForContrastiveLearning m_model;
    std::int64_t m_textLength;
    double m_flopsPerSample;
};

}  // namespace

std::unique_ptr<TrainingModel> makeBridgeTowerTrainingModel(const BridgeTowerConfig& config,
                                                            const std::filesystem::path& weights) {
    return std::make_unique<BridgeTowerTrainingModel>(config, weights);
}

}  // namespace bb
