// The free memory of a CUDA device, as the driver counts it. Compiled only against a CUDA LibTorch.
#include <c10/cuda/CUDAGuard.h>
#include <cuda_runtime_api.h>

#include "engine/available_memory.h"

namespace bb {

std::optional<std::int64_t> cudaFreeBytes(const torch::Device& device) {
    const c10::cuda::CUDAGuard guard(device);
    std::size_t free = 0;
    std::size_t total = 0;
    if (cudaMemGetInfo(&free, &total) != cudaSuccess) {
        cudaGetLastError();  // cleared, so that the run's first kernel does not report it
        return std::nullopt;
    }
    return static_cast<std::int64_t>(free);
}

}  // namespace bb
