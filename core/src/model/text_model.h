// The RoBERTa text encoder ("text_model"): embeddings, encoder.layer.{i}, pooler.
#pragma once

#include <vector>

#include <torch/nn/module.h>
#include <torch/nn/modules/container/modulelist.h>
#include <torch/nn/modules/embedding.h>
#include <torch/nn/modules/normalization.h>

#include "bridgebench/bridgetower_config.h"
#include "model/bert_layers.h"

namespace bb {

// word + token type 0 + RoBERTa position embeddings, LayerNorm, dropout.
class TextEmbeddingsImpl : public torch::nn::Module {
public:
    explicit TextEmbeddingsImpl(const BridgeTowerTextConfig& config);
    // inputIds [B, L] int64 -> [B, L, hidden]. Positions follow the padding of inputIds
    // (pad tokens get position pad_token_id, real ones pad+1, pad+2, ...), not the attention mask.
    at::Tensor forward(const at::Tensor& inputIds);

private:
    int64_t m_padTokenId;
    double m_dropoutProb;
    torch::nn::Embedding m_wordEmbeddings{nullptr};
    torch::nn::Embedding m_positionEmbeddings{nullptr};
    torch::nn::Embedding m_tokenTypeEmbeddings{nullptr};
    torch::nn::LayerNorm m_layerNorm{nullptr};
};
TORCH_MODULE(TextEmbeddings);

// "text_model". BridgeTowerModel drives the layers one at a time, so this has no forward.
class TextModelImpl : public torch::nn::Module {
public:
    explicit TextModelImpl(const BridgeTowerTextConfig& config);

    TextEmbeddings& embeddings() { return m_embeddings; }
    TextLayer& layer(std::size_t index) { return m_layers.at(index); }
    std::size_t numLayers() const { return m_layers.size(); }

private:
    TextEmbeddings m_embeddings{nullptr};
    std::vector<TextLayer> m_layers;
    // Built and stored as in HF, never called by any BridgeTower head.
    Pooler m_pooler{nullptr};
};
TORCH_MODULE(TextModel);

}  // namespace bb
