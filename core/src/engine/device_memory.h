// Memory the caching allocator holds for tensors on the training device, per step.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>

#include <nlohmann/json.hpp>

#include <torch/types.h>

namespace bb {

struct DeviceMemoryReading {
    std::int64_t allocatedBytes = 0;      // held by tensors now
    std::int64_t peakAllocatedBytes = 0;  // the most held at once since the previous reading
    std::int64_t reservedBytes = 0;       // held by the allocator from the driver now
    std::int64_t deviceAllocations = 0;   // cudaMalloc calls the allocator made so far
};

// A reading of the caching allocator's statistics, which starts a new peak so that each
// reading's peak covers the time since the one before. All zero for the CPU and in builds
// whose LibTorch has no CUDA.
DeviceMemoryReading readDeviceMemory(const torch::Device& device);

// A run's readings, one after each step, and what they say at its end: the peak, and whether a
// step after warm-up still made the allocator ask the driver for memory (a cudaMalloc in the
// steady state is a stall and a sign of fragmentation or a growing tensor).
class DeviceMemoryLog {
public:
    using Reader = std::function<DeviceMemoryReading()>;
    // Takes a first reading at once, so that the first step's peak is its own.
    DeviceMemoryLog(Reader read, std::int64_t warmupSteps);

    // After step `step` (0-based): its allocated and peak bytes.
    DeviceMemoryReading afterStep(std::int64_t step);

    // {"peak_bytes", "reserved_bytes", "device_allocations_after_warmup",
    // "reserved_growth_after_warmup_bytes"}; the last two only once a step after warm-up was
    // read.
    nlohmann::json summary() const;

private:
    Reader m_read;
    std::int64_t m_warmupSteps;
    std::int64_t m_peakBytes = 0;
    DeviceMemoryReading m_last;
    std::optional<DeviceMemoryReading> m_afterWarmup;  // the reading after the last warm-up step
    bool m_steadyStepRead = false;
};

}  // namespace bb
