#include "model/text_model.h"

#include "model/dropout.h"

namespace bb {

TextEmbeddingsImpl::TextEmbeddingsImpl(const BridgeTowerTextConfig& config)
    : m_padTokenId(config.padTokenId), m_dropoutProb(config.hiddenDropoutProb) {
    using torch::nn::EmbeddingOptions;
    m_wordEmbeddings = register_module(
        "word_embeddings",
        torch::nn::Embedding(EmbeddingOptions(config.vocabSize, config.hiddenSize).padding_idx(config.padTokenId)));
    m_positionEmbeddings = register_module(
        "position_embeddings", torch::nn::Embedding(EmbeddingOptions(config.maxPositionEmbeddings, config.hiddenSize)
                                                        .padding_idx(config.padTokenId)));
    m_tokenTypeEmbeddings = register_module(
        "token_type_embeddings", torch::nn::Embedding(EmbeddingOptions(config.typeVocabSize, config.hiddenSize)));
    m_layerNorm = register_module(
        "LayerNorm", torch::nn::LayerNorm(torch::nn::LayerNormOptions({config.hiddenSize}).eps(config.layerNormEps)));
}

at::Tensor TextEmbeddingsImpl::forward(const at::Tensor& inputIds) {
    at::Tensor positions;
    {
        at::NoGradGuard noGrad;
        const at::Tensor real = inputIds.ne(m_padTokenId).to(at::kLong);
        positions = at::cumsum(real, 1).mul_(real).add_(m_padTokenId);
    }
    const at::Tensor words = at::embedding(m_wordEmbeddings->weight, inputIds, m_padTokenId);
    // HF ignores token_type_ids here: every token takes row 0, so add it by broadcasting.
    at::Tensor embeddings = words + m_tokenTypeEmbeddings->weight.select(0, 0);
    embeddings = embeddings + at::embedding(m_positionEmbeddings->weight, positions, m_padTokenId);
    embeddings = m_layerNorm(embeddings);
    embeddings = applyDropout(embeddings, m_dropoutProb, is_training());
    return embeddings;
}

TextModelImpl::TextModelImpl(const BridgeTowerTextConfig& config) {
    m_embeddings = register_module("embeddings", TextEmbeddings(config));
    auto encoder = std::make_shared<torch::nn::Module>("TextEncoder");
    torch::nn::ModuleList layers;
    const auto options = BertLayerOptions::fromText(config);
    for (int i = 0; i < config.numHiddenLayers; ++i) {
        m_layers.emplace_back(options);
        layers->push_back(m_layers.back());
    }
    encoder->register_module("layer", layers);
    register_module("encoder", encoder);
    m_pooler = register_module("pooler", Pooler(config.hiddenSize));
}

}  // namespace bb
