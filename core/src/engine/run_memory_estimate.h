// What a run will hold at its peak, from its config alone, before anything is built: so that a
// batch that cannot fit is refused before the run has a row (run_memory_check.h). The figures
// and what they leave out are in docs/figures.md, "Memory a run needs".
#pragma once

#include <cstdint>

#include "bridgebench/run_config.h"

namespace bb {

struct RunMemoryEstimate {
    std::int64_t parameters = 0;
    // Weights, gradients and AdamW's two moments, fp32: 16 bytes a parameter (18 where autocast
    // keeps a 16-bit copy of the weights too).
    std::int64_t modelStateBytes = 0;
    // The input tensors of the batches in flight (the one training, the one prepared next, and
    // the loader workers' prefetched ones).
    std::int64_t batchBytes = 0;
    // What the forward pass keeps for the backward pass: per sample, per layer, the tokens'
    // hidden states, the feed-forward's inner states and the attention matrices.
    std::int64_t activationBytes = 0;
    // The contrastive loss's batch × batch similarity matrices, with their softmaxes and
    // gradients: the one part that grows with the square of batch_size.
    std::int64_t similarityBytes = 0;

    // Each part is at most 9e18 bytes, so that the sum stays an int64.
    std::int64_t totalBytes() const {
        const double sum = static_cast<double>(modelStateBytes) + static_cast<double>(batchBytes) +
                           static_cast<double>(activationBytes) + static_cast<double>(similarityBytes);
        return sum >= 9.0e18 ? static_cast<std::int64_t>(9.0e18) : modelStateBytes + batchBytes + activationBytes + similarityBytes;
    }
};

// `config.textLength` resolved (resolveTextLength). Reads a model config file where `model` names
// one; throws as the model factory does for a model it cannot read.
RunMemoryEstimate estimateRunMemory(const RunConfig& config);

}  // namespace bb
