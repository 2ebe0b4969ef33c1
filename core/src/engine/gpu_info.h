// What the NVIDIA driver says about this machine's GPUs, read from its /proc files: names and
// driver version without the CUDA headers, so that a CPU-only build records them too.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

namespace bb {

struct GpuInfo {
    std::vector<std::string> names;  // one per GPU, in bus order ("NVIDIA H200")
    std::string driverVersion;       // empty when no NVIDIA driver is loaded
};

// root: where /proc/driver/nvidia is (a test points it elsewhere).
GpuInfo readNvidiaGpuInfo(const std::filesystem::path& root = "/proc/driver/nvidia");

}  // namespace bb
