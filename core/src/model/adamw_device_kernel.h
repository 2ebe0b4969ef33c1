// A device's own fused AdamW: LibTorch's _fused_adamw_ (LibTorch 2.0 and later), one
// multi-tensor kernel that reads each element of parameter, gradient and both moments once,
// where the multi-tensor ops read and write them about ten times. The engine gives it CUDA
// parameters only (fused_adamw.h: float32 CPU ones take this project's loop, which 1.13 needs
// and which kept up with 2.6's CPU kernel in model_bench's adamwStep).
#pragma once

#include <cstdint>
#include <vector>

#include <ATen/core/Tensor.h>
#include <torch/optim/adamw.h>

#include "model/adamw_device_kernel_available.h"

namespace bb {

// Parameters that one kernel launch updates: one device, one dtype, one step count, and each
// gradient and moment laid out as its parameter (the kernel refuses anything else).
struct AdamWTensors {
    std::vector<at::Tensor> params, grads, expAvgs, expAvgSqs;
};

// Steps every tensor of the group to `step` (counted from 1) with torch.optim.AdamW's formula
// (decoupled decay, bias-corrected moments, eps after the square root), asynchronously on the
// device's current stream. Throws Error where adamwDeviceKernelAvailable() is false.
void adamwDeviceStep(AdamWTensors& group, const torch::optim::AdamWOptions& options, std::int64_t step);

}  // namespace bb
