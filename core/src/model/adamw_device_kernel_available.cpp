#include "model/adamw_device_kernel_available.h"

#include <torch/version.h>

namespace bb {

bool adamwDeviceKernelAvailable() { return TORCH_VERSION_MAJOR >= 2; }

}  // namespace bb
