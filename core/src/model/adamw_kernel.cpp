#include "model/adamw_kernel.h"

#include "bridgebench/errors.h"
#include "util/cuda_device_name.h"

namespace bb {

AdamWKernel chooseAdamWKernel(const std::string& key, const std::string& device, bool deviceKernel) {
    if (key == "foreach") return AdamWKernel::Foreach;
    if (key != "auto" && key != "fused")
        throw ConfigError("optimizer_kernel", "'" + key + "' is not one of auto, fused, foreach");
    if (!namesCudaDevice(device) || deviceKernel) return AdamWKernel::Fused;
    if (key == "auto") return AdamWKernel::Foreach;
    throw ConfigError("optimizer_kernel",
                      "fused on " + device +
                          " needs LibTorch's _fused_adamw_ (LibTorch 2.0 or later with CUDA), which this build "
                          "lacks (allowed here: auto, foreach)");
}

std::string describeAdamWKernel(AdamWKernel kernel, const std::string& device) {
    if (kernel == AdamWKernel::Foreach) return "AdamW, multi-tensor (_foreach ops)";
    return namesCudaDevice(device) ? "AdamW, fused (_fused_adamw_)" : "AdamW, fused (one pass per float32 parameter)";
}

}  // namespace bb
