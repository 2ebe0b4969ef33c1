#include "bridgebench/op_profile.h"

#include <fmt/format.h>

#include "bridgebench/errors.h"

namespace bb {

std::string_view opDeviceName(OpDevice device) { return device == OpDevice::Cuda ? "cuda" : "cpu"; }

std::optional<OpDevice> opDeviceFromCode(int code) {
    if (code == static_cast<int>(OpDevice::Cpu)) return OpDevice::Cpu;
    if (code == static_cast<int>(OpDevice::Cuda)) return OpDevice::Cuda;
    return std::nullopt;
}

void checkProfileSteps(std::int64_t profileSteps, bool cudaDevice, bool kernelCapture) {
    if (profileSteps < 0 || profileSteps > kMaxProfileSteps)
        throw ConfigError("profile_steps",
                          fmt::format("must be between 0 and {}, got {}", kMaxProfileSteps, profileSteps));
    // CPU ops alone on a GPU would read as a capture while leaving out where the step's time goes.
    if (profileSteps > 0 && cudaDevice && !kernelCapture)
        throw ConfigError("profile_steps",
                          fmt::format("profile_steps={} needs a LibTorch built with Kineto (CUPTI) to capture CUDA "
                                      "kernels; this one has none: set profile_steps=0",
                                      profileSteps));
}

}  // namespace bb
