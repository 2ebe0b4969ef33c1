// Memory a run may still take on its device, for refusing a batch that cannot fit before the
// run starts (run_memory_check.h).
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include <torch/types.h>

namespace bb {

struct AvailableMemory {
    std::int64_t bytes = 0;
    std::string source;  // where the figure comes from, in words ("MemAvailable in /proc/meminfo")
};

// On the CPU the smaller of MemAvailable and what this process's cgroups (v2 memory.max less
// memory.current, at each level up; v1 memory.limit_in_bytes less usage) still allow; on a
// CUDA device its free memory. nullopt when no figure can be read (no /proc, a driver error).
std::optional<AvailableMemory> availableMemory(const torch::Device& device);

// The CUDA device's free memory (cudaMemGetInfo); nullopt in a build without CUDA or when the
// driver does not answer. device_free_memory_cuda.cpp / _unavailable.cpp.
std::optional<std::int64_t> cudaFreeBytes(const torch::Device& device);

}  // namespace bb
