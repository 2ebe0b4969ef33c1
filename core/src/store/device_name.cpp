#include "store/device_name.h"

#include <string_view>

namespace bb {

std::string runDeviceName(const std::string& device, const RunEnvironment& environment) {
    if (!device.starts_with("cuda") || environment.gpuName.empty()) return device;
    std::string name = environment.gpuName;
    // The study writes "H100" and "A100 80GB", not "NVIDIA H100 80GB HBM3"; the vendor alone goes.
    constexpr std::string_view kVendor = "NVIDIA ";
    if (name.starts_with(kVendor) && name.size() > kVendor.size()) name.erase(0, kVendor.size());
    return name;
}

}  // namespace bb
