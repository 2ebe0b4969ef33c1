// Global L2 gradient-norm clipping with torch::nn::utils::clip_grad_norm_'s arithmetic (coefficient
// max_norm / (norm + 1e-6), applied only when below 1), returning the norm before clipping as a
// 0-dim tensor on the gradients' device. Why not torch's:
// - on the CPU it runs one norm op per parameter, stacks them, then one multiply per parameter;
//   on the tiny preset that is ~400 small ops, about 2 ms of a ~25 ms training step
//   (bench/model_bench, clipGradNorm). Here float32 CPU gradients take one pass each to sum
//   squares (in double) and one to scale;
// - on CUDA its C++ version reads the norm back (`.item()`), which makes the host wait for the
//   whole backward before it can queue the optimizer. Gradients of one device and dtype (CUDA,
//   or CPU ones of other dtypes) take one multi-tensor norm (_foreach_norm, as PyTorch's Python
//   clip_grad_norm_) and a multiply by the coefficient left on the device: nothing waits.
// Any other mix (dtypes or devices mixed, sparse gradients) goes to torch's.
#pragma once

#include <vector>

#include <torch/types.h>

namespace bb {

torch::Tensor clipGradNorm(const std::vector<torch::Tensor>& parameters, double maxNorm);

}  // namespace bb
