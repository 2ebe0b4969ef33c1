#include "model/fused_grad_clip.h"

#include <array>
#include <cmath>

#include <ATen/ATen.h>
#include <ATen/Parallel.h>
#include <torch/nn/utils/clip_grad.h>

namespace bb {
namespace {

bool fusable(const at::Tensor& grad) {
    return grad.device().is_cpu() && grad.scalar_type() == at::kFloat && grad.layout() == at::kStrided &&
           grad.is_contiguous();
}

// Eight independent accumulators so that the compiler can keep several lanes busy without
// reassociating one chain (which it may not do for floating point).
double sumOfSquares(const float* values, int64_t begin, int64_t end) {
    std::array<double, 8> partial{};
    int64_t i = begin;
    for (; i + 8 <= end; i += 8) {
        for (std::size_t lane = 0; lane < 8; ++lane) {
            const double value = values[i + static_cast<int64_t>(lane)];
            partial[lane] += value * value;
        }
    }
    double total = 0;
    for (const double sum : partial) total += sum;
    for (; i < end; ++i) total += double(values[i]) * values[i];
    return total;
}

double sumOfSquares(const at::Tensor& grad) {
    const float* values = grad.data_ptr<float>();
    return at::parallel_reduce(
        int64_t{0}, grad.numel(), int64_t{1} << 16, 0.0,
        [&](int64_t begin, int64_t end, double sum) { return sum + sumOfSquares(values, begin, end); },
        [](double a, double b) { return a + b; });
}

void scale(const at::Tensor& grad, float factor) {
    float* values = grad.data_ptr<float>();
    at::parallel_for(0, grad.numel(), int64_t{1} << 16, [&](int64_t begin, int64_t end) {
        for (int64_t i = begin; i < end; ++i) values[i] *= factor;
    });
}

// One device and dtype, dense: the multi-tensor path.
bool uniform(const std::vector<at::Tensor>& grads) {
    for (const auto& grad : grads)
        if (grad.layout() != at::kStrided || grad.device() != grads.front().device() ||
            grad.scalar_type() != grads.front().scalar_type())
            return false;
    return true;
}

at::Tensor clipOnDevice(const std::vector<at::Tensor>& grads, double maxNorm) {
    const std::vector<at::Tensor> norms = at::_foreach_norm(grads, 2);
    const at::Tensor total = norms.size() == 1 ? norms.front() : at::stack(norms).norm(2);
    // clamp_max keeps a NaN norm's NaN, so it reaches the gradients as with torch.
    const at::Tensor coefficient = (maxNorm / (total + 1e-6)).clamp_max(1.0);
    for (const auto& grad : grads) grad.mul_(coefficient);
    return total;
}

}  // namespace

torch::Tensor clipGradNorm(const std::vector<torch::Tensor>& parameters, double maxNorm) {
    std::vector<at::Tensor> grads;
    grads.reserve(parameters.size());
    bool allFusable = true;
    for (const auto& parameter : parameters) {
        const at::Tensor& grad = parameter.grad();
        if (!grad.defined()) continue;
        allFusable = allFusable && fusable(grad);
        grads.push_back(grad);
    }
    if (grads.empty()) return torch::zeros({}, torch::kDouble);
    if (!allFusable) {
        if (uniform(grads)) return clipOnDevice(grads, maxNorm);
        return torch::scalar_tensor(torch::nn::utils::clip_grad_norm_(parameters, maxNorm), torch::kDouble);
    }
    double squares = 0;
    for (const auto& grad : grads) squares += sumOfSquares(grad);
    const double norm = std::sqrt(squares);
    // Float like torch's coefficient tensor; `!(x >= 1)` also lets a NaN norm poison the
    // gradients as torch's clamp does, rather than hiding it.
    const float coefficient = static_cast<float>(maxNorm) / (static_cast<float>(norm) + 1e-6F);
    if (!(coefficient >= 1.0F)) {
        for (const auto& grad : grads) scale(grad, coefficient);
    }
    return torch::scalar_tensor(norm, torch::kDouble);
}

}  // namespace bb
