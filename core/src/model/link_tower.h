// A bridge ("cross_modal_{text,image}_link_tower.{k}"): merges a projected uni-modal state into
// the previous cross-modal layer's output.
#pragma once

#include <torch/nn/module.h>
#include <torch/nn/modules/normalization.h>

#include "bridgebench/bridgetower_config.h"

namespace bb {

class LinkTowerImpl : public torch::nn::Module {
public:
    LinkTowerImpl(LinkTowerType type, int64_t hiddenSize, double layerNormEps);
    // add: LN(x + y); scaled_add: LN(x * scaled_factor + y); interpolate: LN(x (1 - beta) + y beta).
    at::Tensor forward(const at::Tensor& unimodal, const at::Tensor& crossModal);

private:
    LinkTowerType m_type;
    at::Tensor m_scaledFactor;  // scaled_add only
    at::Tensor m_beta;          // interpolate only
    torch::nn::LayerNorm m_layerNorm{nullptr};
};
TORCH_MODULE(LinkTower);

}  // namespace bb
