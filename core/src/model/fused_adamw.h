// torch::optim::AdamW with the update of each float32 CPU parameter done in one pass over its
// elements instead of ~10 ATen ops. Same options, state (AdamWParamState, same keys) and
// serialisation as torch's, so it is a drop-in; the numbers are torch.optim.AdamW's formula
// (decoupled decay p *= 1 - lr*wd, bias-corrected moments, eps added after the sqrt) up to
// float rounding. Why: on a small model the per-op overhead of ~2000 tiny ops per step, and on
// a large one the ~10 memory passes, make the optimizer a visible share of a training step.
// Parameters on other devices (CUDA) or of other dtypes take torch's arithmetic op for op, as
// multi-tensor ops (_foreach_*) over all of them that share a device, dtype and step count: on
// CUDA about ten kernels a step instead of ten a parameter, as PyTorch's default there. amsgrad
// takes torch's own step.
#pragma once

#include <torch/optim/adamw.h>

namespace bb {

class FusedAdamW : public torch::optim::AdamW {
public:
    using torch::optim::AdamW::AdamW;
    torch::Tensor step(LossClosure closure = nullptr) override;
};

}  // namespace bb
