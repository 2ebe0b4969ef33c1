#include "model/fused_grad_clip.h"

#include <array>
#include <cmath>

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

}  // namespace

double clipGradNorm(const std::vector<torch::Tensor>& parameters, double maxNorm) {
    std::vector<at::Tensor> grads;
    grads.reserve(parameters.size());
    for (const auto& parameter : parameters) {
        const at::Tensor& grad = parameter.grad();
        if (!grad.defined()) continue;
        if (!fusable(grad)) return torch::nn::utils::clip_grad_norm_(parameters, maxNorm);
        grads.push_back(grad);
    }
    if (grads.empty()) return 0.0;
    double squares = 0;
    for (const auto& grad : grads) squares += sumOfSquares(grad);
    const double norm = std::sqrt(squares);
    // Float like torch's coefficient tensor; `!(x >= 1)` also lets a NaN norm poison the
    // gradients as torch's clamp does, rather than hiding it.
    const float coefficient = static_cast<float>(maxNorm) / (static_cast<float>(norm) + 1e-6F);
    if (!(coefficient >= 1.0F)) {
        for (const auto& grad : grads) scale(grad, coefficient);
    }
    return norm;
}

}  // namespace bb
