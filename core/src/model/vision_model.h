// The OpenAI-CLIP ViT ("vision_model.visual"): embeddings, ln_pre, transformer.resblocks.{j},
// ln_post, and ln_separate.{j} when share_layernorm is false.
//
// HF runs the blocks sequence-first ([N, B, D]) because they use nn.MultiheadAttention with
// batch_first=False. Every op in a block is per token or per sample (no mask, no batch-wide
// statistics), so running them batch-first is the same function; it saves the permutes in and
// out of the tower, and hidden states come back batch-first, as the fixtures store them.
#pragma once

#include <vector>

#include <torch/nn/module.h>
#include <torch/nn/modules/conv.h>
#include <torch/nn/modules/embedding.h>
#include <torch/nn/modules/linear.h>
#include <torch/nn/modules/normalization.h>

#include "bridgebench/bridgetower_config.h"

namespace bb {

// Class token + patch embedding (Conv2d without bias) + position table: [B, N, D].
class VisionEmbeddingsImpl : public torch::nn::Module {
public:
    explicit VisionEmbeddingsImpl(const BridgeTowerVisionConfig& config);
    at::Tensor forward(const at::Tensor& pixelValues);

    at::Tensor& classEmbedding() { return m_classEmbedding; }
    torch::nn::Embedding& positionEmbedding() { return m_positionEmbedding; }

private:
    int64_t m_patchSize;
    at::Tensor m_classEmbedding;
    torch::nn::Conv2d m_patchEmbedding{nullptr};
    torch::nn::Embedding m_positionEmbedding{nullptr};
};
TORCH_MODULE(VisionEmbeddings);

// torch.nn.MultiheadAttention's parameters and self-attention math (packed in_proj rows q, k, v).
class PackedMultiheadAttentionImpl : public torch::nn::Module {
public:
    PackedMultiheadAttentionImpl(int64_t embedDim, int64_t numHeads);
    at::Tensor forward(const at::Tensor& hidden);

    at::Tensor& inProjWeight() { return m_inProjWeight; }
    at::Tensor& inProjBias() { return m_inProjBias; }
    torch::nn::Linear& outProj() { return m_outProj; }

private:
    int64_t m_numHeads;
    at::Tensor m_inProjWeight;
    at::Tensor m_inProjBias;
    torch::nn::Linear m_outProj{nullptr};
};
TORCH_MODULE(PackedMultiheadAttention);

// Pre-LN block: x + attn(ln_1 x), then + c_proj(quick_gelu(c_fc(ln_2 x))).
class ResidualAttentionBlockImpl : public torch::nn::Module {
public:
    ResidualAttentionBlockImpl(int64_t width, double layerNormEps);
    at::Tensor forward(const at::Tensor& hidden);

    PackedMultiheadAttention& attn() { return m_attn; }
    torch::nn::Linear& cFc() { return m_cFc; }
    torch::nn::Linear& cProj() { return m_cProj; }

private:
    PackedMultiheadAttention m_attn{nullptr};
    torch::nn::LayerNorm m_ln1{nullptr};
    torch::nn::Linear m_cFc{nullptr};
    torch::nn::Linear m_cProj{nullptr};
    torch::nn::LayerNorm m_ln2{nullptr};
};
TORCH_MODULE(ResidualAttentionBlock);

// "vision_model" with its single child "visual". BridgeTowerModel drives the blocks itself.
class VisionModelImpl : public torch::nn::Module {
public:
    explicit VisionModelImpl(const BridgeTowerVisionConfig& config);

    // Embeddings then ln_pre: [B, N, D].
    at::Tensor forwardPre(const at::Tensor& pixelValues);
    ResidualAttentionBlock& block(std::size_t index) { return m_blocks.at(index); }
    std::size_t numBlocks() const { return m_blocks.size(); }
    // ln_post, applied to every block output that feeds the cross-modal encoder.
    at::Tensor forwardPost(const at::Tensor& hidden);

    VisionEmbeddings& embeddings() { return m_embeddings; }

private:
    VisionEmbeddings m_embeddings{nullptr};
    torch::nn::LayerNorm m_lnPre{nullptr};
    std::vector<ResidualAttentionBlock> m_blocks;
    torch::nn::LayerNorm m_lnPost{nullptr};
};
TORCH_MODULE(VisionModel);

}  // namespace bb
