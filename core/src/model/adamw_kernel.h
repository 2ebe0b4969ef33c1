// Which AdamW arithmetic a run's optimizer uses (the run key `optimizer_kernel`), as Hugging
// Face's Trainer offers adamw_torch and adamw_torch_fused: the study's Gaudi2 runs stepped with
// Habana's fused AdamW, its GPU runs with PyTorch's multi-tensor one, and on a large model the
// optimizer is a tenth of a step, so the choice is part of what a run measured.
#pragma once

#include <string>

namespace bb {

enum class AdamWKernel {
    // One pass over each parameter's elements: this project's loop for float32 CPU tensors,
    // LibTorch's _fused_adamw_ for CUDA tensors (adamw_device_kernel.h).
    Fused,
    // PyTorch's multi-tensor ops (_foreach_*), about ten a step over all parameters that share a
    // device, dtype and step count: PyTorch's default on CUDA.
    Foreach,
};

// The key's value as a kernel: auto is fused where the device has one (a cuda device needs
// deviceKernel, adamwDeviceKernelAvailable() in production; a parameter so that a CPU-only build
// checks the choice a CUDA build makes), foreach otherwise. Throws ConfigError naming
// "optimizer_kernel" for a value other than auto, fused or foreach, and for fused on a cuda
// device without the kernel.
AdamWKernel chooseAdamWKernel(const std::string& key, const std::string& device, bool deviceKernel);

// What stepped the parameters, for the run's environment: names the kernel and the device path.
std::string describeAdamWKernel(AdamWKernel kernel, const std::string& device);

}  // namespace bb
