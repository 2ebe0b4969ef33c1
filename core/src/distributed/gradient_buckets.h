// Which parameters share an all-reduce bucket. As PyTorch's DDP: in reverse registration
// order (backward produces the last layers' gradients first, so the first bucket fills
// first), about `capBytes` each, one dtype and device per bucket. A parameter larger than
// the cap gets a bucket of its own.
#pragma once

#include <cstdint>
#include <vector>

#include <torch/torch.h>

namespace bb {

struct GradientBucket {
    std::vector<std::size_t> parameters;  // indices into the parameter list, in bucket order
    std::vector<std::int64_t> offsets;    // element offset of each in the flat buffer
    std::int64_t numel = 0;
    torch::ScalarType dtype = torch::kFloat;
};

std::vector<GradientBucket> planGradientBuckets(const std::vector<torch::Tensor>& parameters,
                                                std::int64_t capBytes);

// count - 1, ..., 1, 0: the order planGradientBuckets assumes before a step has shown the real one.
std::vector<std::size_t> reverseRegistrationOrder(std::size_t count);

// The same, filling buckets in `order` (every parameter index once): the order in which a
// step's gradients arrived, so that each bucket completes as early as backward allows.
std::vector<GradientBucket> planGradientBuckets(const std::vector<torch::Tensor>& parameters,
                                                std::int64_t capBytes, const std::vector<std::size_t>& order);

}  // namespace bb
