#include "engine/bridgetower_training_model.h"

#include "bridgebench/model_info.h"
#include "model/bridgetower_heads.h"
#include "model/safetensors.h"
#include "model/state_dict_io.h"

namespace bb {

namespace {

class BridgeTowerTrainingModel final : public TrainingModel {
public:
    BridgeTowerTrainingModel(const BridgeTowerConfig& config, const std::filesystem::path& weights,
                             std::int64_t textLength)
        : m_config(config),
          m_textLength(textLength > 0 ? textLength : defaultTextLength(config)),
          // Counted first: a caption longer than the positions is refused before weights are made.
          m_flopsPerSample(modelInfo(config, static_cast<int>(m_textLength)).trainingFlopsPerSample),
          m_model(makeContrastiveModel(config)) {
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
    std::int64_t m_textLength;
    double m_flopsPerSample;
    BridgeTowerForContrastiveLearning m_model;
};

}  // namespace

std::unique_ptr<TrainingModel> makeBridgeTowerTrainingModel(const BridgeTowerConfig& config,
                                                            const std::filesystem::path& weights,
                                                            std::int64_t textLength) {
    return std::make_unique<BridgeTowerTrainingModel>(config, weights, textLength);
}

}  // namespace bb
