#include "model/bridgetower_heads.h"

#include <memory>

namespace bb {
namespace {

// HF's single-Linear heads register their layer as "<head>.fc".
torch::nn::Linear registerFcHead(torch::nn::Module& owner, const std::string& name, int64_t in, int64_t out) {
    auto head = std::make_shared<torch::nn::Module>("Head");
    auto fc = head->register_module("fc", torch::nn::Linear(in, out));
    owner.register_module(name, head);
    return fc;
}

at::Tensor l2Normalize(const at::Tensor& input) {
    return input / at::norm(input, 2, {-1}, /*keepdim=*/true).clamp_min(1e-12);
}

at::Tensor linear(const torch::nn::Linear& layer, const at::Tensor& input) {
    return at::linear(input, layer->weight, layer->bias);
}

}  // namespace

BridgeTowerForContrastiveLearningImpl::BridgeTowerForContrastiveLearningImpl(const BridgeTowerConfig& config) {
    validateForContrastive(config);
    m_bridgetower = register_module("bridgetower", BridgeTowerModel(config));
    const int64_t width = config.hiddenSize;
    const int64_t embedDim = config.contrastiveHiddenSize;
    m_itcTextHead = registerFcHead(*this, "itc_text_head", width, embedDim);
    m_itcImageHead = registerFcHead(*this, "itc_image_head", width, embedDim);
    m_itcCrossModalHead = registerFcHead(*this, "itc_cross_modal_head", 2 * width, embedDim);
    m_logitScale = register_parameter("logit_scale", at::scalar_tensor(config.logitScaleInitValue, at::kFloat));
}

ContrastiveOutput BridgeTowerForContrastiveLearningImpl::forward(const at::Tensor& inputIds,
                                                                 const at::Tensor& attentionMask,
                                                                 const at::Tensor& pixelValues,
                                                                 const ContrastiveForwardOptions& options) {
    ContrastiveOutput out;
    out.trunk = m_bridgetower->forward(inputIds, attentionMask, pixelValues, options.outputHiddenStates);
    out.textEmbeds = l2Normalize(linear(m_itcTextHead, out.trunk.lastTextState.select(1, 0)));
    out.imageEmbeds = l2Normalize(linear(m_itcImageHead, out.trunk.lastImageProjected.select(1, 0)));
    out.crossEmbeds = l2Normalize(linear(m_itcCrossModalHead, out.trunk.poolerOutput));
    out.logits = at::stack({out.textEmbeds, out.imageEmbeds, out.crossEmbeds}, -2);
    out.logitScaleExp = m_logitScale.exp();
    out.logitsTextToImage = at::matmul(out.textEmbeds, out.imageEmbeds.t()) * out.logitScaleExp;
    out.logitsTextToCross = at::matmul(out.textEmbeds, out.crossEmbeds.t()) * out.logitScaleExp;
    out.logitsImageToCross = at::matmul(out.imageEmbeds, out.crossEmbeds.t()) * out.logitScaleExp;
    if (options.returnLoss) {
        const at::Tensor labels = at::arange(inputIds.size(0), inputIds.options().dtype(at::kLong));
        out.loss = (at::cross_entropy_loss(out.logitsTextToImage, labels) +
                    at::cross_entropy_loss(out.logitsTextToCross, labels) +
                    at::cross_entropy_loss(out.logitsImageToCross, labels)) /
                   3.0;
    }
    return out;
}

BridgeTowerForImageAndTextRetrievalImpl::BridgeTowerForImageAndTextRetrievalImpl(const BridgeTowerConfig& config) {
    m_bridgetower = register_module("bridgetower", BridgeTowerModel(config));
    m_itmScore = registerFcHead(*this, "itm_score", 2 * config.hiddenSize, 2);
}

ItmOutput BridgeTowerForImageAndTextRetrievalImpl::forward(const at::Tensor& inputIds, const at::Tensor& attentionMask,
                                                           const at::Tensor& pixelValues, const at::Tensor& labels,
                                                           bool outputHiddenStates) {
    ItmOutput out;
    out.trunk = m_bridgetower->forward(inputIds, attentionMask, pixelValues, outputHiddenStates);
    out.logits = linear(m_itmScore, out.trunk.poolerOutput);
    if (labels.defined()) out.loss = at::cross_entropy_loss(out.logits, labels);
    return out;
}

BridgeTowerForContrastiveLearning makeContrastiveModel(const BridgeTowerConfig& config) {
    BridgeTowerForContrastiveLearning model(config);
    initBridgeTowerWeights(*model, *model->bridgetower());
    model->train();
    return model;
}

BridgeTowerForImageAndTextRetrieval makeItmModel(const BridgeTowerConfig& config) {
    BridgeTowerForImageAndTextRetrieval model(config);
    initBridgeTowerWeights(*model, *model->bridgetower());
    model->train();
    return model;
}

}  // namespace bb
