// The run's `tf32` key, applied to LibTorch's process-wide flags: TF32 tensor-core products for
// fp32 matmuls (cuBLAS) and convolutions (cuDNN) on Ampere and newer GPUs. CPUs have no TF32,
// so on a cpu device the key is recorded as off and nothing is changed.
#pragma once

#include "bridgebench/run_config.h"

namespace bb {

// Whether the run's fp32 products may use TF32: the key, on a cuda device.
bool tf32InEffect(const RunConfig& config);

// Sets at::globalContext()'s cuBLAS and cuDNN TF32 flags to tf32InEffect() for cuda devices;
// leaves them alone on cpu. Process-wide: call on the training thread before the first step.
void applyTf32(const RunConfig& config);

}  // namespace bb
