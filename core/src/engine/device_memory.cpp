#include "engine/device_memory.h"

#include <algorithm>

#ifdef BB_TORCH_CUDA
#include <c10/cuda/CUDACachingAllocator.h>
#endif

namespace bb {

DeviceMemoryReading readDeviceMemory(const torch::Device& device) {
    DeviceMemoryReading reading;
    if (!device.is_cuda()) return reading;
#ifdef BB_TORCH_CUDA
    namespace allocator = c10::cuda::CUDACachingAllocator;
    const auto index = device.has_index() ? device.index() : 0;
    const auto stats = allocator::getDeviceStats(index);
    // Index 0 is StatType::AGGREGATE (all pools) in LibTorch 1.13 and 2.x alike; the enum
    // itself moved namespaces between them. A segment is one cudaMalloc.
    reading.allocatedBytes = stats.allocated_bytes[0].current;
    reading.peakAllocatedBytes = stats.allocated_bytes[0].peak;
    reading.reservedBytes = stats.reserved_bytes[0].current;
    reading.deviceAllocations = stats.segment[0].allocated;
    allocator::resetPeakStats(index);
#endif
    return reading;
}

DeviceMemoryLog::DeviceMemoryLog(Reader read, std::int64_t warmupSteps)
    : m_read(std::move(read)), m_warmupSteps(warmupSteps) {
    m_last = m_read();
    // Steps before the first reading count as warm-up when there is none.
    if (m_warmupSteps <= 0) m_afterWarmup = m_last;
}

DeviceMemoryReading DeviceMemoryLog::afterStep(std::int64_t step) {
    m_last = m_read();
    m_peakBytes = std::max(m_peakBytes, m_last.peakAllocatedBytes);
    if (step + 1 == m_warmupSteps) {
        m_afterWarmup = m_last;
    } else if (step + 1 > m_warmupSteps) {
        m_steadyStepRead = true;
    }
    return m_last;
}

nlohmann::json DeviceMemoryLog::summary() const {
    nlohmann::json out = {{"peak_bytes", m_peakBytes}, {"reserved_bytes", m_last.reservedBytes}};
    if (m_afterWarmup && m_steadyStepRead) {
        out["device_allocations_after_warmup"] = m_last.deviceAllocations - m_afterWarmup->deviceAllocations;
        out["reserved_growth_after_warmup_bytes"] = m_last.reservedBytes - m_afterWarmup->reservedBytes;
    }
    return out;
}

}  // namespace bb
