#include "model/bert_layers.h"

#include "model/dropout.h"
#include "model/functional.h"

namespace bb {

BertLayerOptions BertLayerOptions::fromText(const BridgeTowerTextConfig& text) {
    return {.hiddenSize = text.hiddenSize,
            .numHeads = text.numAttentionHeads,
            .intermediateSize = text.intermediateSize,
            .activation = text.hiddenAct,
            .hiddenDropoutProb = text.hiddenDropoutProb,
            .attentionDropoutProb = text.attentionProbsDropoutProb,
            .layerNormEps = text.layerNormEps};
}

BertSelfAttentionImpl::BertSelfAttentionImpl(const BertLayerOptions& options) : m_options(options) {
    const int64_t width = options.hiddenSize;
    m_query = register_module("query", torch::nn::Linear(width, width));
    m_key = register_module("key", torch::nn::Linear(width, width));
    m_value = register_module("value", torch::nn::Linear(width, width));
}

at::Tensor BertSelfAttentionImpl::forward(const at::Tensor& hidden, const at::Tensor& context,
                                          const at::Tensor& keyMask) {
    const at::Tensor query = at::linear(hidden, m_query->weight, m_query->bias);
    const at::Tensor key = at::linear(context, m_key->weight, m_key->bias);
    const at::Tensor value = at::linear(context, m_value->weight, m_value->bias);
    return multiHeadAttention(query, key, value, m_options.numHeads, keyMask, m_options.attentionDropoutProb,
                              is_training());
}

DenseResidualNormImpl::DenseResidualNormImpl(int64_t inFeatures, const BertLayerOptions& options)
    : m_dropoutProb(options.hiddenDropoutProb) {
    m_dense = register_module("dense", torch::nn::Linear(inFeatures, options.hiddenSize));
    m_layerNorm = register_module(
        "LayerNorm", torch::nn::LayerNorm(torch::nn::LayerNormOptions({options.hiddenSize}).eps(options.layerNormEps)));
}

at::Tensor DenseResidualNormImpl::forward(const at::Tensor& input, const at::Tensor& residual) {
    at::Tensor projected = at::linear(input, m_dense->weight, m_dense->bias);
    projected = applyDropout(projected, m_dropoutProb, is_training());
    return m_layerNorm(projected + residual);
}

BertAttentionImpl::BertAttentionImpl(const BertLayerOptions& options) {
    m_self = register_module("self", BertSelfAttention(options));
    m_output = register_module("output", DenseResidualNorm(options.hiddenSize, options));
}

at::Tensor BertAttentionImpl::forward(const at::Tensor& hidden, const at::Tensor& context, const at::Tensor& keyMask) {
    return m_output->forward(m_self->forward(hidden, context, keyMask), hidden);
}

BertFeedForward::BertFeedForward(torch::nn::Module& owner, const BertLayerOptions& options)
    : m_activation(options.activation) {
    auto intermediate = std::make_shared<torch::nn::Module>("BertIntermediate");
    m_intermediate = intermediate->register_module("dense",
                                                   torch::nn::Linear(options.hiddenSize, options.intermediateSize));
    owner.register_module("intermediate", intermediate);
    m_output = owner.register_module("output", DenseResidualNorm(options.intermediateSize, options));
}

at::Tensor BertFeedForward::forward(const at::Tensor& hidden) {
    const at::Tensor inner =
        applyActivation(at::linear(hidden, m_intermediate->weight, m_intermediate->bias), m_activation);
    return m_output->forward(inner, hidden);
}

TextLayerImpl::TextLayerImpl(const BertLayerOptions& options)
    : m_attention(register_module("attention", BertAttention(options))), m_feedForward(*this, options) {}

at::Tensor TextLayerImpl::forward(const at::Tensor& hidden, const at::Tensor& keyMask) {
    return m_feedForward.forward(m_attention->forward(hidden, hidden, keyMask));
}

CrossLayerImpl::CrossLayerImpl(const BertLayerOptions& options)
    : m_attention(register_module("attention", BertAttention(options))),
      m_crossAttention(register_module("crossattention", BertAttention(options))),
      m_feedForward(*this, options) {}

at::Tensor CrossLayerImpl::forward(const at::Tensor& hidden, const at::Tensor& encoderHidden,
                                   const at::Tensor& keyMask, const at::Tensor& encoderKeyMask) {
    const at::Tensor attended = m_attention->forward(hidden, hidden, keyMask);
    return m_feedForward.forward(m_crossAttention->forward(attended, encoderHidden, encoderKeyMask));
}

PoolerImpl::PoolerImpl(int64_t hiddenSize) {
    m_dense = register_module("dense", torch::nn::Linear(hiddenSize, hiddenSize));
}

at::Tensor PoolerImpl::forward(const at::Tensor& hidden) {
    return at::tanh(at::linear(hidden.select(1, 0), m_dense->weight, m_dense->bias));
}

}  // namespace bb
