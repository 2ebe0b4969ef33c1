#include "engine/mini_clip.h"

#include <cmath>

namespace bb {

namespace F = torch::nn::functional;

MiniClipImpl::MiniClipImpl(const MiniClipOptions& options) : m_options(options) {
    const auto width = options.width();
    m_patchify = register_module("patchify", torch::nn::Conv2d(torch::nn::Conv2dOptions(3, width / 2, 4).stride(4)));
    m_mix = register_module("mix", torch::nn::Conv2d(torch::nn::Conv2dOptions(width / 2, width, 2).stride(2)));
    m_imageProjection = register_module("image_projection", torch::nn::Linear(width, options.embedDim()));
    m_tokens = register_module("tokens", torch::nn::Embedding(options.vocabSize(), width));
    m_textProjection = register_module("text_projection", torch::nn::Linear(width, options.embedDim()));
    m_logitScale = register_parameter("logit_scale", torch::tensor(std::log(1 / 0.07)));
}

torch::Tensor MiniClipImpl::forward(const torch::Tensor& pixelValues, const torch::Tensor& inputIds,
                                    const torch::Tensor& attentionMask) {
    auto image = F::gelu(m_mix(F::gelu(m_patchify(pixelValues))));
    image = m_imageProjection(image.mean({2, 3}));

    const auto mask = attentionMask.unsqueeze(-1).to(image.dtype());
    auto text = (m_tokens(inputIds) * mask).sum(1) / mask.sum(1).clamp_min(1);
    text = m_textProjection(text);

    image = F::normalize(image, F::NormalizeFuncOptions().dim(-1));
    text = F::normalize(text, F::NormalizeFuncOptions().dim(-1));
    const auto logits = m_logitScale.exp() * torch::matmul(image, text.t());
    const auto targets = torch::arange(logits.size(0), torch::TensorOptions().dtype(torch::kLong).device(logits.device()));
    return (F::cross_entropy(logits, targets) + F::cross_entropy(logits.t(), targets)) / 2;
}

double MiniClipImpl::trainingFlopsPerSample() const {
    const double size = static_cast<double>(m_options.imageSizePx());
    const double width = static_cast<double>(m_options.width());
    const double patches = (size / 4) * (size / 4);
    const double patchifyMacs = patches * (width / 2) * 3 * 16;
    const double mixMacs = (patches / 4) * width * (width / 2) * 4;
    const double projectionMacs = 2 * width * static_cast<double>(m_options.embedDim());
    return 3.0 * 2.0 * (patchifyMacs + mixMacs + projectionMacs);
}

namespace {

class MiniClipTrainingModel final : public TrainingModel {
public:
    explicit MiniClipTrainingModel(const MiniClipOptions& options) : m_model(options) {}
    torch::nn::Module& module() override { return *m_model; }
    torch::Tensor loss(const ModelInputs& inputs) override {
        return m_model->forward(inputs.pixelValues, inputs.inputIds, inputs.attentionMask);
    }
    double flopsPerSample() const override { return m_model->trainingFlopsPerSample(); }
    std::int64_t imageSizePx() const override { return m_model->options().imageSizePx(); }
    std::int64_t textLength() const override { return m_model->options().textLength(); }
    std::int64_t vocabSize() const override { return m_model->options().vocabSize(); }

private:
    MiniClip m_model;
};

}  // namespace

std::unique_ptr<TrainingModel> makeMiniClipTrainingModel(const MiniClipOptions& options) {
    return std::make_unique<MiniClipTrainingModel>(options);
}

}  // namespace bb
