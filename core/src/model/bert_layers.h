// The post-LayerNorm BERT blocks of the RoBERTa text encoder and of the cross-modal encoder,
// registered under HF's names (attention.self.query, attention.output.LayerNorm, ...).
#pragma once

#include <torch/nn/module.h>
#include <torch/nn/modules/linear.h>
#include <torch/nn/modules/normalization.h>
#include <torch/nn/pimpl.h>

#include "bridgebench/bridgetower_config.h"

namespace bb {

// Sizes of one layer; cross-modal layers take them from the text config too (BRIDGETOWER.md §1).
struct BertLayerOptions {
    int64_t hiddenSize = 768;
    int64_t numHeads = 12;
    int64_t intermediateSize = 3072;
    Activation activation = Activation::kGelu;
    double hiddenDropoutProb = 0.1;
    double attentionDropoutProb = 0.1;
    double layerNormEps = 1e-5;

    static BertLayerOptions fromText(const BridgeTowerTextConfig& text);
};

// "self": query/key/value projections and the attention itself, before the output projection.
class BertSelfAttentionImpl : public torch::nn::Module {
public:
    explicit BertSelfAttentionImpl(const BertLayerOptions& options);
    // Queries from `hidden`, keys and values from `context` (== hidden for self-attention).
    // keyMask: additiveKeyMask() of the context, or undefined. Returns [B, Lq, hidden].
    at::Tensor forward(const at::Tensor& hidden, const at::Tensor& context, const at::Tensor& keyMask);

private:
    BertLayerOptions m_options;
    torch::nn::Linear m_query{nullptr};
    torch::nn::Linear m_key{nullptr};
    torch::nn::Linear m_value{nullptr};
};
TORCH_MODULE(BertSelfAttention);

// "dense" then dropout then "LayerNorm"(x + residual): HF's BertSelfOutput and BertOutput.
class DenseResidualNormImpl : public torch::nn::Module {
public:
    DenseResidualNormImpl(int64_t inFeatures, const BertLayerOptions& options);
    at::Tensor forward(const at::Tensor& input, const at::Tensor& residual);

private:
    double m_dropoutProb;
    torch::nn::Linear m_dense{nullptr};
    torch::nn::LayerNorm m_layerNorm{nullptr};
};
TORCH_MODULE(DenseResidualNorm);

// "self" + "output": an attention block with its residual LayerNorm.
class BertAttentionImpl : public torch::nn::Module {
public:
    explicit BertAttentionImpl(const BertLayerOptions& options);
    at::Tensor forward(const at::Tensor& hidden, const at::Tensor& context, const at::Tensor& keyMask);

private:
    BertSelfAttention m_self{nullptr};
    DenseResidualNorm m_output{nullptr};
};
TORCH_MODULE(BertAttention);

// "intermediate" (dense + activation) and "output" (dense + residual LayerNorm) of a layer.
class BertFeedForward {
public:
    BertFeedForward(torch::nn::Module& owner, const BertLayerOptions& options);
    at::Tensor forward(const at::Tensor& hidden);

private:
    Activation m_activation;
    torch::nn::Linear m_intermediate{nullptr};
    DenseResidualNorm m_output{nullptr};
};

// A RoBERTa encoder layer: self-attention, then the feed-forward block.
class TextLayerImpl : public torch::nn::Module {
public:
    explicit TextLayerImpl(const BertLayerOptions& options);
    at::Tensor forward(const at::Tensor& hidden, const at::Tensor& keyMask);

private:
    BertAttention m_attention{nullptr};
    BertFeedForward m_feedForward;
};
TORCH_MODULE(TextLayer);

// BridgeTowerBertCrossLayer: self-attention, cross-attention to the other modality, feed-forward.
class CrossLayerImpl : public torch::nn::Module {
public:
    explicit CrossLayerImpl(const BertLayerOptions& options);
    at::Tensor forward(const at::Tensor& hidden, const at::Tensor& encoderHidden, const at::Tensor& keyMask,
                       const at::Tensor& encoderKeyMask);

private:
    BertAttention m_attention{nullptr};
    BertAttention m_crossAttention{nullptr};
    BertFeedForward m_feedForward;
};
TORCH_MODULE(CrossLayer);

// "dense" + tanh on the first token.
class PoolerImpl : public torch::nn::Module {
public:
    explicit PoolerImpl(int64_t hiddenSize);
    at::Tensor forward(const at::Tensor& hidden);

private:
    torch::nn::Linear m_dense{nullptr};
};
TORCH_MODULE(Pooler);

}  // namespace bb
