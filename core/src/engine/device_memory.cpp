#include "engine/device_memory.h"

#ifdef BB_TORCH_CUDA
#include <c10/cuda/CUDACachingAllocator.h>
#endif

namespace bb {

std::int64_t deviceMemoryAllocatedBytes(const torch::Device& device) {
    if (!device.is_cuda()) return 0;
#ifdef BB_TORCH_CUDA
    const auto stats = c10::cuda::CUDACachingAllocator::getDeviceStats(device.has_index() ? device.index() : 0);
    // Index 0 is StatType::AGGREGATE (all pools) in LibTorch 1.13 and 2.x alike; the enum
    // itself moved namespaces between them.
    return stats.allocated_bytes[0].current;
#else
    return 0;
#endif
}

}  // namespace bb
