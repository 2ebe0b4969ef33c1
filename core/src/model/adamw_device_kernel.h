// A device's own fused AdamW: LibTorch's _fused_adamw_ (CUDA, LibTorch 2.0 and later), one
// multi-tensor kernel that reads each element of parameter, gradient and both moments once,
// where the multi-tensor ops read and write them about ten times. adamw_device_kernel_cuda.cpp
// calls it; adamw_device_kernel_unavailable.cpp stands in on a LibTorch without CUDA
// (core/CMakeLists.txt compiles one).
#pragma once

#include <cstdint>
#include <vector>

#include <ATen/core/Tensor.h>
#include <torch/optim/adamw.h>

namespace bb {

bool adamwDeviceKernelAvailable();

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
