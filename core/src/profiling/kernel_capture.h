// Whether this LibTorch captures CUDA kernels with its profiler (built with Kineto and CUPTI).
// Asked of the library at run time, with a kernel: torch::profiler::kKinetoAvailable is fixed by
// USE_KINETO where the includer is compiled, and no LibTorch's CMake config defines it for its
// users, so it reads false beside a pip LibTorch that has Kineto.
#pragma once

#include <torch/types.h>

namespace bb {

// Runs a few small kernels on `device` under the profiler; true when it saw any on the device.
// Costs CUPTI's start (about a second the first time). Throws what LibTorch throws.
bool cudaKernelCaptureAvailable(const torch::Device& device);

}  // namespace bb
