// Which parameters a backward pass from a given tensor will reach, worked out from the autograd
// graph before that pass runs, as DDP's find_unused_parameters does. The bucket reducer marks
// the others ready at once: a bucket holding a parameter that this step never uses (BridgeTower's
// text pooler, the vision tower's separate LayerNorms) would otherwise stay open until backward
// ends, and, since buckets start in order, hold back every bucket after it.
#pragma once

#include <cstdint>
#include <vector>

#include <torch/torch.h>

namespace bb {

// One flag per parameter: 1 when backward from `root` reaches its gradient accumulator. A root
// without a graph (no grad_fn) reaches nothing.
std::vector<std::uint8_t> parametersReachedFrom(const torch::Tensor& root, const std::vector<torch::Tensor>& parameters);

}  // namespace bb
