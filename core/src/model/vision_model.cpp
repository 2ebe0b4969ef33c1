#include "model/vision_model.h"

#include <torch/nn/init.h>
#include <torch/nn/modules/container/modulelist.h>

#include "model/functional.h"

namespace bb {
namespace {

torch::nn::LayerNorm makeLayerNorm(int64_t width, double eps) {
    return torch::nn::LayerNorm(torch::nn::LayerNormOptions({width}).eps(eps));
}

}  // namespace

VisionEmbeddingsImpl::VisionEmbeddingsImpl(const BridgeTowerVisionConfig& config) : m_patchSize(config.patchSize) {
    m_classEmbedding = register_parameter("class_embedding", at::randn({config.hiddenSize}));
    m_patchEmbedding = register_module(
        "patch_embedding",
        torch::nn::Conv2d(torch::nn::Conv2dOptions(config.numChannels, config.hiddenSize, config.patchSize)
                              .stride(config.patchSize)
                              .bias(false)));
    m_positionEmbedding =
        register_module("position_embedding", torch::nn::Embedding(config.numTokens(), config.hiddenSize));
}

at::Tensor VisionEmbeddingsImpl::forward(const at::Tensor& pixelValues) {
    const int64_t batch = pixelValues.size(0);
    const at::Tensor patches = at::conv2d(pixelValues, m_patchEmbedding->weight, {}, m_patchSize)
                                   .flatten(2)
                                   .transpose(1, 2);
    const at::Tensor classToken = m_classEmbedding.view({1, 1, -1}).expand({batch, 1, m_classEmbedding.size(0)});
    return at::cat({classToken, patches}, 1) + m_positionEmbedding->weight;
}

PackedMultiheadAttentionImpl::PackedMultiheadAttentionImpl(int64_t embedDim, int64_t numHeads)
    : m_numHeads(numHeads) {
    m_inProjWeight = register_parameter("in_proj_weight", at::empty({3 * embedDim, embedDim}));
    m_inProjBias = register_parameter("in_proj_bias", at::zeros({3 * embedDim}));
    m_outProj = register_module("out_proj", torch::nn::Linear(embedDim, embedDim));
    at::NoGradGuard noGrad;
    torch::nn::init::xavier_uniform_(m_inProjWeight);
    m_outProj->bias.zero_();
}

at::Tensor PackedMultiheadAttentionImpl::forward(const at::Tensor& hidden) {
    const auto qkv = at::linear(hidden, m_inProjWeight, m_inProjBias).chunk(3, -1);
    const at::Tensor context = multiHeadAttention(qkv[0], qkv[1], qkv[2], m_numHeads, {}, 0.0, false);
    return at::linear(context, m_outProj->weight, m_outProj->bias);
}

ResidualAttentionBlockImpl::ResidualAttentionBlockImpl(int64_t width, double layerNormEps) {
    m_attn = register_module("attn", PackedMultiheadAttention(width, width / 64));
    m_ln1 = register_module("ln_1", makeLayerNorm(width, layerNormEps));
    auto mlp = std::make_shared<torch::nn::Module>("VisionMlp");
    m_cFc = mlp->register_module("c_fc", torch::nn::Linear(width, 4 * width));
    m_cProj = mlp->register_module("c_proj", torch::nn::Linear(4 * width, width));
    register_module("mlp", mlp);
    m_ln2 = register_module("ln_2", makeLayerNorm(width, layerNormEps));
}

at::Tensor ResidualAttentionBlockImpl::forward(const at::Tensor& hidden) {
    const at::Tensor attended = hidden + m_attn->forward(m_ln1(hidden));
    const at::Tensor inner =
        applyActivation(at::linear(m_ln2(attended), m_cFc->weight, m_cFc->bias), Activation::kQuickGelu);
    return attended + at::linear(inner, m_cProj->weight, m_cProj->bias);
}

VisionModelImpl::VisionModelImpl(const BridgeTowerVisionConfig& config) {
    auto visual = std::make_shared<torch::nn::Module>("VisionTransformer");
    m_embeddings = visual->register_module("embeddings", VisionEmbeddings(config));
    m_lnPre = visual->register_module("ln_pre", makeLayerNorm(config.hiddenSize, config.layerNormEps));
    auto transformer = std::make_shared<torch::nn::Module>("VisionBlocks");
    torch::nn::ModuleList blocks;
    for (int j = 0; j < config.numBlocks(); ++j) {
        m_blocks.emplace_back(config.hiddenSize, config.layerNormEps);
        blocks->push_back(m_blocks.back());
    }
    transformer->register_module("resblocks", blocks);
    visual->register_module("transformer", transformer);
    m_lnPost = visual->register_module("ln_post", makeLayerNorm(config.hiddenSize, config.layerNormEps));
    if (!config.shareLayernorm) {
        // Present in HF's state dict (one per configured layer) but unused by BridgeTowerModel.
        torch::nn::ModuleList separate;
        for (int j = 0; j < config.numHiddenLayers; ++j)
            separate->push_back(makeLayerNorm(config.hiddenSize, config.layerNormEps));
        visual->register_module("ln_separate", separate);
    }
    register_module("visual", visual);
}

at::Tensor VisionModelImpl::forwardPre(const at::Tensor& pixelValues) {
    return m_lnPre(m_embeddings->forward(pixelValues));
}

at::Tensor VisionModelImpl::forwardPost(const at::Tensor& hidden) { return m_lnPost(hidden); }

}  // namespace bb
