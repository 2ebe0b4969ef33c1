// Memory the caching allocator holds for tensors on the training device, per step.
#pragma once

#include <cstdint>

#include <torch/types.h>

namespace bb {

// Bytes currently allocated to tensors on a CUDA device; 0 for the CPU and in builds whose
// LibTorch has no CUDA.
std::int64_t deviceMemoryAllocatedBytes(const torch::Device& device);

}  // namespace bb
