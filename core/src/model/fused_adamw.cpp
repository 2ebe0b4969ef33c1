#include "model/fused_adamw.h"

#include <cmath>
#include <map>
#include <tuple>
#include <vector>

#include <ATen/ATen.h>
#include <ATen/Parallel.h>
#include <torch/torch.h>

#include "model/adamw_device_kernel.h"
#include "util/torch_compat.h"

namespace bb {
namespace {

// The scalars of one step, rounded to float where ATen's float kernels round them.
struct AdamWStepScalars {
    float decay;          // 1 - lr * weight_decay
    float beta1;
    float oneMinusBeta1;
    float beta2;
    float oneMinusBeta2;
    float biasCorrection2Sqrt;
    float eps;
    float negativeStepSize;  // -lr / (1 - beta1^step)
};

// The element loop, cloned for AVX-512 and AVX2 beside the baseline and chosen once at load time:
// the build targets baseline x86-64 (SSE2), where this loop ran at about two thirds of the speed
// of LibTorch 2.6's runtime-dispatched CPU kernel on the same parameters (model_bench, adamwStep).
// 1.13 has no such kernel, so the loop stays ours. Every clone gives the same bits: the file is
// built without multiply-add contraction (core/CMakeLists.txt), which AVX-512 would otherwise
// bring. GCC only: the clang builds here are the sanitizer and fuzz ones, which time nothing.
#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__)
__attribute__((target_clones("avx512f", "avx2", "default")))
#endif
void updateFloatRange(float* __restrict param, const float* __restrict grad, float* __restrict expAvg,
                      float* __restrict expAvgSq, int64_t begin, int64_t end, const AdamWStepScalars& s) {
    for (int64_t i = begin; i < end; ++i) {
        const float g = grad[i];
        const float m = expAvg[i] * s.beta1 + s.oneMinusBeta1 * g;
        const float v = expAvgSq[i] * s.beta2 + s.oneMinusBeta2 * g * g;
        expAvg[i] = m;
        expAvgSq[i] = v;
        const float denom = std::sqrt(v) / s.biasCorrection2Sqrt + s.eps;
        param[i] = param[i] * s.decay + s.negativeStepSize * (m / denom);
    }
}

void updateFloatParameter(float* param, const float* grad, float* expAvg, float* expAvgSq, int64_t count,
                          const AdamWStepScalars& s) {
    at::parallel_for(0, count, 16384, [&](int64_t begin, int64_t end) {
        updateFloatRange(param, grad, expAvg, expAvgSq, begin, end, s);
    });
}

// Parameters updated by one run of multi-tensor ops or one launch of the device's kernel: one
// device and dtype, and one step count (a parameter that went without a gradient for some steps
// has fewer).
struct GroupKey {
    c10::DeviceType deviceType;
    c10::DeviceIndex deviceIndex;
    at::ScalarType dtype;
    std::int64_t step;
    bool deviceKernel;
    bool operator<(const GroupKey& other) const {
        return std::tie(deviceType, deviceIndex, dtype, step, deviceKernel) <
               std::tie(other.deviceType, other.deviceIndex, other.dtype, other.step, other.deviceKernel);
    }
};

// torch's AdamW arithmetic, op for op, over a whole group at once: on CUDA ~10 kernels per
// group instead of ~10 per parameter (PyTorch's own multi-tensor AdamW, its default there).
void updateGroup(AdamWTensors& group, const torch::optim::AdamWOptions& options, std::int64_t step) {
    const double lr = options.lr();
    const double beta1 = std::get<0>(options.betas());
    const double beta2 = std::get<1>(options.betas());
    const double biasCorrection1 = 1 - std::pow(beta1, static_cast<double>(step));
    const double biasCorrection2 = 1 - std::pow(beta2, static_cast<double>(step));
    at::_foreach_mul_(group.params, 1 - lr * options.weight_decay());
    at::_foreach_mul_(group.expAvgs, beta1);
    at::_foreach_add_(group.expAvgs, group.grads, 1 - beta1);
    at::_foreach_mul_(group.expAvgSqs, beta2);
    at::_foreach_addcmul_(group.expAvgSqs, group.grads, group.grads, 1 - beta2);
    std::vector<at::Tensor> denoms = at::_foreach_sqrt(group.expAvgSqs);
    at::_foreach_div_(denoms, std::sqrt(biasCorrection2));
    at::_foreach_add_(denoms, options.eps());
    at::_foreach_addcdiv_(group.params, group.expAvgs, denoms, -lr / biasCorrection1);
}

bool fusable(const at::Tensor& param, const at::Tensor& grad) {
    return param.device().is_cpu() && param.scalar_type() == at::kFloat && grad.scalar_type() == at::kFloat &&
           param.is_contiguous() && grad.is_contiguous() && grad.layout() == at::kStrided;
}

// What _fused_adamw_ accepts (ForeachUtils' fast-path check): the gradient and both moments of
// the parameter's dtype, strided, dense, and with its strides. AccumulateGrad lays gradients
// out so; one that is not goes the multi-tensor way rather than failing the step.
bool deviceKernelTakes(const at::Tensor& param, const at::Tensor& grad, const at::Tensor& expAvg,
                       const at::Tensor& expAvgSq) {
    if (!param.is_cuda() || !param.is_non_overlapping_and_dense() || param.layout() != at::kStrided) return false;
    for (const at::Tensor* other : {&grad, &expAvg, &expAvgSq})
        if (other->device() != param.device() || other->scalar_type() != param.scalar_type() ||
            other->layout() != at::kStrided || other->strides() != param.strides())
            return false;
    return true;
}

}  // namespace

torch::Tensor FusedAdamW::step(LossClosure closure) {
    for (auto& group : param_groups_)
        if (static_cast<const torch::optim::AdamWOptions&>(group.options()).amsgrad())
            return torch::optim::AdamW::step(std::move(closure));
    torch::NoGradGuard noGrad;
    torch::Tensor loss;
    if (closure) {
        at::AutoGradMode enableGrad(true);
        loss = closure();
    }
    for (auto& group : param_groups_) {
        const auto& options = static_cast<const torch::optim::AdamWOptions&>(group.options());
        std::map<GroupKey, AdamWTensors> others;
        const double lr = options.lr();
        const double beta1 = std::get<0>(options.betas());
        const double beta2 = std::get<1>(options.betas());
        const bool fused = m_kernel == AdamWKernel::Fused;
        const bool deviceKernel = fused && adamwDeviceKernelAvailable();
        for (auto& param : group.params()) {
            if (!param.grad().defined()) continue;
            const at::Tensor& grad = param.grad();
            const auto key = compat::optimizerStateKey<decltype(state_)>(param);
            auto found = state_.find(key);
            if (found == state_.end()) {
                auto fresh = std::make_unique<torch::optim::AdamWParamState>();
                fresh->step(0);
                fresh->exp_avg(torch::zeros_like(param, at::MemoryFormat::Preserve));
                fresh->exp_avg_sq(torch::zeros_like(param, at::MemoryFormat::Preserve));
                found = state_.emplace(key, std::move(fresh)).first;
            }
            auto& state = static_cast<torch::optim::AdamWParamState&>(*found->second);
            state.step(state.step() + 1);
            const double biasCorrection1 = 1 - std::pow(beta1, static_cast<double>(state.step()));
            const double biasCorrection2 = 1 - std::pow(beta2, static_cast<double>(state.step()));
            const AdamWStepScalars scalars{
                .decay = static_cast<float>(1 - lr * options.weight_decay()),
                .beta1 = static_cast<float>(beta1),
                .oneMinusBeta1 = static_cast<float>(1 - beta1),
                .beta2 = static_cast<float>(beta2),
                .oneMinusBeta2 = static_cast<float>(1 - beta2),
                .biasCorrection2Sqrt = static_cast<float>(std::sqrt(biasCorrection2)),
                .eps = static_cast<float>(options.eps()),
                .negativeStepSize = static_cast<float>(-lr / biasCorrection1)};
            at::Tensor& expAvg = state.exp_avg();
            at::Tensor& expAvgSq = state.exp_avg_sq();
            if (fused && fusable(param, grad) && expAvg.is_contiguous() && expAvgSq.is_contiguous()) {
                updateFloatParameter(param.data_ptr<float>(), grad.data_ptr<float>(), expAvg.data_ptr<float>(),
                                     expAvgSq.data_ptr<float>(), param.numel(), scalars);
            } else {
                const GroupKey groupKey{param.device().type(), param.device().index(), param.scalar_type(),
                                        state.step(),
                                        deviceKernel && deviceKernelTakes(param, grad, expAvg, expAvgSq)};
                AdamWTensors& other = others[groupKey];
                other.params.push_back(param);
                other.grads.push_back(grad);
                other.expAvgs.push_back(expAvg);
                other.expAvgSqs.push_back(expAvgSq);
            }
        }
        for (auto& [key, other] : others) {
            if (key.deviceKernel)
                adamwDeviceStep(other, options, key.step);
            else
                updateGroup(other, options, key.step);
        }
    }
    return loss;
}

}  // namespace bb
