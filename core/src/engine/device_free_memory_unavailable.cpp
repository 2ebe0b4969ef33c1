// A LibTorch without CUDA has no device memory to ask about; validation refuses cuda devices in
// such a build. CUDA builds compile device_free_memory_cuda.cpp instead.
#include "engine/available_memory.h"

namespace bb {

std::optional<std::int64_t> cudaFreeBytes(const torch::Device& /*device*/) { return std::nullopt; }

}  // namespace bb
