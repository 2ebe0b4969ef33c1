#include "engine/grad_scaler.h"

#include <cmath>
#include <stdexcept>

namespace bb {

GradScaler::GradScaler(GradScalerOptions options) : m_options(options), m_scale(options.initialScale) {
    if (!(options.initialScale > 0) || !std::isfinite(options.initialScale) || !(options.growthFactor > 1) ||
        !(options.backoffFactor > 0 && options.backoffFactor < 1) || options.growthInterval < 1)
        throw std::invalid_argument("GradScaler: the scale must be positive and finite, growth above 1, "
                                    "backoff between 0 and 1, and the growth interval at least 1");
}

torch::Tensor GradScaler::scale(const torch::Tensor& loss) const { return loss * m_scale; }

bool GradScaler::unscale(const std::vector<torch::Tensor>& parameters) {
    torch::NoGradGuard noGrad;
    std::vector<torch::Tensor> cuda, other;
    for (const auto& parameter : parameters) {
        const torch::Tensor& gradient = parameter.grad();
        if (!gradient.defined()) continue;
        (gradient.is_cuda() ? cuda : other).push_back(gradient);
    }
    const double inverse = 1.0 / m_scale;
    bool finite = true;
    if (!cuda.empty()) {
        // CUDA has the fused multi-tensor kernel GradScaler uses: one launch per chunk of
        // tensors, and the inf flag stays on the device until the one read below.
        torch::Tensor foundInf = torch::zeros({1}, cuda.front().options().dtype(torch::kFloat));
        const torch::Tensor inverseScale = torch::full({1}, inverse, foundInf.options());
        at::_amp_foreach_non_finite_check_and_unscale_(cuda, foundInf, inverseScale);
        finite = foundInf.item<float>() == 0.0f;
    }
    if (!other.empty()) {
        // A sum is inf or NaN exactly when some element is (or the finite ones overflow it,
        // which is as good a reason to back off): one pass to check, one to scale.
        std::vector<torch::Tensor> sums;
        sums.reserve(other.size());
        for (auto& gradient : other) {
            gradient.mul_(inverse);
            sums.push_back(gradient.sum().to(torch::kFloat));
        }
        finite = finite && torch::stack(sums).isfinite().all().item<bool>();
    }
    return finite;
}

void GradScaler::update(bool finite) {
    if (!finite) {
        m_scale *= m_options.backoffFactor;
        m_cleanSteps = 0;
        ++m_skipped;
        return;
    }
    if (++m_cleanSteps == m_options.growthInterval) {
        const double grown = m_scale * m_options.growthFactor;
        // As PyTorch: never grow into inf, which would skip every later step.
        if (std::isfinite(grown)) m_scale = grown;
        m_cleanSteps = 0;
    }
}

nlohmann::json GradScaler::toJson() const {
    return {{"initial_scale", m_options.initialScale},
            {"final_scale", m_scale},
            {"skipped_steps", m_skipped},
            {"growth_interval", m_options.growthInterval}};
}

}  // namespace bb
