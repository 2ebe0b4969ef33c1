// LibTorch's fused AdamW. Compiled in every build, not only a CUDA one: the call is the same for
// CPU tensors, and LibTorch 2.4 and later have a CPU kernel behind it, so a CPU build against 2.x
// (scripts/check-torch2-build.sh) checks the arguments a GPU run passes. A 1.x LibTorch has no
// _fused_adamw_; its CUDA parameters take the multi-tensor ops.
#include "model/adamw_device_kernel.h"

#include <ATen/ATen.h>
#include <torch/version.h>

#include "bridgebench/errors.h"

namespace bb {

#if TORCH_VERSION_MAJOR >= 2

void adamwDeviceStep(AdamWTensors& group, const torch::optim::AdamWOptions& options, std::int64_t step) {
    if (group.params.empty()) return;
    // The kernel reads each tensor's step count from a float32 tensor on the device (torch.optim
    // keeps one per parameter and adds 1 before the call). The group shares one count, so one
    // tensor, filled on the stream rather than copied from the host, stands for all of them:
    // the kernel only reads it.
    const at::Tensor stepOnDevice =
        at::full({}, static_cast<double>(step), group.params.front().options().dtype(at::kFloat));
    const std::vector<at::Tensor> steps(group.params.size(), stepOnDevice);
    at::_fused_adamw_(group.params, group.grads, group.expAvgs, group.expAvgSqs, /*max_exp_avg_sqs=*/{}, steps,
                      options.lr(), std::get<0>(options.betas()), std::get<1>(options.betas()),
                      options.weight_decay(), options.eps(), /*amsgrad=*/false, /*maximize=*/false);
}

#else

void adamwDeviceStep(AdamWTensors& /*group*/, const torch::optim::AdamWOptions& /*options*/, std::int64_t /*step*/) {
    throw Error("the fused AdamW kernel (_fused_adamw_) needs LibTorch 2.0 or later; this build has " TORCH_VERSION);
}

#endif

}  // namespace bb
