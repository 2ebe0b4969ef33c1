#include "model/link_tower.h"

namespace bb {

LinkTowerImpl::LinkTowerImpl(LinkTowerType type, int64_t hiddenSize, double layerNormEps) : m_type(type) {
    if (type == LinkTowerType::kScaledAdd) m_scaledFactor = register_parameter("scaled_factor", at::scalar_tensor(1.0));
    if (type == LinkTowerType::kInterpolate) m_beta = register_parameter("beta", at::scalar_tensor(0.5));
    m_layerNorm = register_module(
        "LayerNorm", torch::nn::LayerNorm(torch::nn::LayerNormOptions({hiddenSize}).eps(layerNormEps)));
}

at::Tensor LinkTowerImpl::forward(const at::Tensor& unimodal, const at::Tensor& crossModal) {
    at::Tensor merged;
    switch (m_type) {
        case LinkTowerType::kAdd: merged = unimodal + crossModal; break;
        case LinkTowerType::kScaledAdd: merged = unimodal * m_scaledFactor + crossModal; break;
        case LinkTowerType::kInterpolate: merged = unimodal * (1 - m_beta) + crossModal * m_beta; break;
    }
    return m_layerNorm(merged);
}

}  // namespace bb
