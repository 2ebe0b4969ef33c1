// A LibTorch without CUDA has no device kernel: chooseAdamWKernel never picks it there, and this
// stand-in says so should a caller get past it.
#include "model/adamw_device_kernel.h"

#include "bridgebench/errors.h"

namespace bb {

bool adamwDeviceKernelAvailable() { return false; }

void adamwDeviceStep(AdamWTensors& /*group*/, const torch::optim::AdamWOptions& /*options*/, std::int64_t /*step*/) {
    throw Error("the fused AdamW kernel needs a LibTorch built with CUDA; this build has none");
}

}  // namespace bb
