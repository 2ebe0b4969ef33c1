// Global L2 gradient-norm clipping with torch::nn::utils::clip_grad_norm_'s arithmetic (coefficient
// max_norm / (norm + 1e-6), applied only when below 1), returning the norm before clipping.
// Why: torch runs one norm op per parameter, stacks them, then one multiply per parameter; on
// the tiny preset that is ~400 small ops, about 2 ms of a ~25 ms training step (bench/model_bench,
// clipGradNorm). Here float32 CPU gradients take one pass each to sum squares (in double) and one
// to scale. Any other gradient (CUDA, other dtypes, sparse, strided) sends the whole call to torch's.
#pragma once

#include <vector>

#include <torch/types.h>

namespace bb {

double clipGradNorm(const std::vector<torch::Tensor>& parameters, double maxNorm);

}  // namespace bb
