#include "model/adamw_kernel.h"

#include "bridgebench/errors.h"

namespace bb {

namespace {
bool isCuda(const std::string& device) { return device.rfind("cuda", 0) == 0; }
}  // namespace

AdamWKernel chooseAdamWKernel(const std::string& key, const std::string& device, bool deviceKernel) {
    if (key == "foreach") return AdamWKernel::Foreach;
    if (key != "auto" && key != "fused")
        throw ConfigError("optimizer_kernel", "'" + key + "' is not one of auto, fused, foreach");
    if (!isCuda(device) || deviceKernel) return AdamWKernel::Fused;
    if (key == "auto") return AdamWKernel::Foreach;
    throw ConfigError("optimizer_kernel",
                      "fused on " + device +
                          " needs LibTorch's _fused_adamw_ (LibTorch 2.0 or later with CUDA), which this build "
                          "lacks (allowed here: auto, foreach)");
}

std::string describeAdamWKernel(AdamWKernel kernel, const std::string& device) {
    if (kernel == AdamWKernel::Foreach) return "AdamW, multi-tensor (_foreach ops)";
    return isCuda(device) ? "AdamW, fused (_fused_adamw_)" : "AdamW, fused (one pass per float32 parameter)";
}

}  // namespace bb
