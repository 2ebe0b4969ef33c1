#include "engine/tf32.h"

#include <ATen/Context.h>
#include <torch/types.h>

namespace bb {

bool tf32InEffect(const RunConfig& config) { return config.tf32 && torch::Device(config.device).is_cuda(); }

void applyTf32(const RunConfig& config) {
    if (!torch::Device(config.device).is_cuda()) return;
    // Both flags, as PyTorch's torch.backends.{cuda.matmul,cudnn}.allow_tf32 are two: the key
    // means "fp32 products may round their inputs to TF32", whichever library runs them.
    at::globalContext().setAllowTF32CuBLAS(tf32InEffect(config));
    at::globalContext().setAllowTF32CuDNN(tf32InEffect(config));
}

}  // namespace bb
