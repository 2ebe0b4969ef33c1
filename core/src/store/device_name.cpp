#include "store/device_name.h"

#include <string_view>

namespace bb {

std::string runDeviceName(const std::string& device, const nlohmann::json& environment) {
    if (!device.starts_with("cuda") || !environment.is_object()) return device;
    const auto gpu = environment.find("gpu_name");
    if (gpu == environment.end() || !gpu->is_string() || gpu->get<std::string>().empty()) return device;
    std::string name = gpu->get<std::string>();
    // The study writes "H100" and "A100 80GB", not "NVIDIA H100 80GB HBM3"; the vendor alone goes.
    constexpr std::string_view kVendor = "NVIDIA ";
    if (name.starts_with(kVendor) && name.size() > kVendor.size()) name.erase(0, kVendor.size());
    return name;
}

}  // namespace bb
