// torch::optim::AdamW with the update of each float32 CPU parameter done in one pass over its
// elements instead of ~10 ATen ops. Same options, state (AdamWParamState, same keys) and
// serialisation as torch's, so it is a drop-in; the numbers are torch.optim.AdamW's formula
// (decoupled decay p *= 1 - lr*wd, bias-corrected moments, eps added after the sqrt) up to
// float rounding. Why: on a small model the per-op overhead of ~2000 tiny ops per step, and on
// a large one the ~10 memory passes, make the optimizer a visible share of a training step.
// CUDA parameters take LibTorch's fused kernel where it has one (adamw_device_kernel.h). Other
// parameters (other dtypes, a CUDA LibTorch without the kernel), and all of them with
// AdamWKernel::Foreach, take torch's arithmetic op for op, as multi-tensor ops (_foreach_*)
// over all of them that share a device, dtype and step count: on CUDA about ten kernels a step
// instead of ten a parameter, PyTorch's default there. amsgrad takes torch's own step.
#pragma once

#include <torch/optim/adamw.h>

#include "model/adamw_kernel.h"

namespace bb {

class FusedAdamW : public torch::optim::AdamW {
public:
    using torch::optim::AdamW::AdamW;
    FusedAdamW(std::vector<torch::Tensor> params, const torch::optim::AdamWOptions& options, AdamWKernel kernel)
        : torch::optim::AdamW(std::move(params), options), m_kernel(kernel) {}
    torch::Tensor step(LossClosure closure = nullptr) override;
    AdamWKernel kernel() const { return m_kernel; }

private:
    AdamWKernel m_kernel = AdamWKernel::Fused;
};

}  // namespace bb
