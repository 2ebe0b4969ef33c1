// Whether this LibTorch has _fused_adamw_ (adamw_device_kernel.h), without the optimizer's
// headers: config validation asks, and is compiled where LibTorch's ATen headers are not wanted
// (the fuzz preset's clang-14 reads them as incomplete c10::IValue).
#pragma once

namespace bb {

// Its CUDA kernel from LibTorch 2.0, a CPU one from 2.4.
bool adamwDeviceKernelAvailable();

}  // namespace bb
