// BridgeTowerModel ("bridgetower"): the two uni-modal towers, the cross-modal encoder fed by
// bridges, and the two poolers, as Hugging Face transformers v4.35.2 computes them.
#pragma once

#include <utility>
#include <vector>

#include <torch/nn/module.h>
#include <torch/nn/modules/embedding.h>
#include <torch/nn/modules/linear.h>
#include <torch/nn/modules/normalization.h>

#include "bridgebench/bridgetower_config.h"
#include "model/bert_layers.h"
#include "model/link_tower.h"
#include "model/text_model.h"
#include "model/vision_model.h"

namespace bb {

// HF's output_hidden_states=True tuple, except that image states are batch-first.
struct BridgeTowerHiddenStates {
    std::vector<at::Tensor> text;   // embeddings output, then each executed text layer: [B, L, Dt]
    std::vector<at::Tensor> image;  // after ln_pre, then each executed block (no ln_post): [B, N, Dv]
    std::vector<std::pair<at::Tensor, at::Tensor>> cross;  // (text, image) output of each cross-modal layer
};

struct BridgeTowerModelOutput {
    at::Tensor textFeatures;   // last cross-modal text layer [B, L, D]
    at::Tensor imageFeatures;  // last cross-modal image layer [B, N, D]
    at::Tensor poolerOutput;   // [B, 2D]: text pooler on textFeatures[:, 0], image pooler on imageFeatures[:, 0]
    // What the contrastive head reads: the uni-modal text state after the last text layer
    // [B, L, Dt], and cross_modal_image_transform(ln_post(last vision block)) + token type 1
    // [B, N, D], which the trunk computes anyway for its last bridge.
    at::Tensor lastTextState;
    at::Tensor lastImageProjected;
    BridgeTowerHiddenStates hiddenStates;  // filled only when asked for
};

class BridgeTowerModelImpl : public torch::nn::Module {
public:
    explicit BridgeTowerModelImpl(const BridgeTowerConfig& config);

    // inputIds [B, L] int64; attentionMask [B, L] (1 = token, 0 = padding; undefined = all ones);
    // pixelValues [B, C, S, S] with S = image_size. HF ignores token_type_ids and pixel_mask, so
    // they are not taken. Throws std::invalid_argument on shape mismatches.
    BridgeTowerModelOutput forward(const at::Tensor& inputIds, const at::Tensor& attentionMask,
                                   const at::Tensor& pixelValues, bool outputHiddenStates = false);

    const BridgeTowerConfig& config() const { return m_config; }
    VisionModel& visionModel() { return m_visionModel; }

private:
    at::Tensor projectText(const at::Tensor& textState);
    at::Tensor projectImage(const at::Tensor& visionState);

    BridgeTowerConfig m_config;
    torch::nn::Linear m_crossModalTextTransform{nullptr};
    torch::nn::Linear m_crossModalImageTransform{nullptr};
    torch::nn::Embedding m_tokenTypeEmbeddings{nullptr};
    VisionModel m_visionModel{nullptr};
    TextModel m_textModel{nullptr};
    std::vector<CrossLayer> m_crossModalImageLayers;
    std::vector<CrossLayer> m_crossModalTextLayers;
    Pooler m_crossModalImagePooler{nullptr};
    Pooler m_crossModalTextPooler{nullptr};
    torch::nn::LayerNorm m_crossModalTextLayernorm{nullptr};
    torch::nn::LayerNorm m_crossModalImageLayernorm{nullptr};
    std::vector<LinkTower> m_crossModalTextLinkTower;
    std::vector<LinkTower> m_crossModalImageLinkTower;
};
TORCH_MODULE(BridgeTowerModel);

// HF's _init_weights (BRIDGETOWER.md §8) over `root` and every module below it: N(0, 0.05 *
// initializer_factor) for Linear/Conv2d/Embedding weights, zero Linear biases, LayerNorm (1, 0),
// then CLIP's init for the vision tower of `trunk`. Uses torch's global generator.
void initBridgeTowerWeights(torch::nn::Module& root, BridgeTowerModelImpl& trunk);

}  // namespace bb
