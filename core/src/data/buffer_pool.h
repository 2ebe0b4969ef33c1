// Recycles the large tensors batches are made of. Fresh pages cost 2–3 µs per fault on the
// reference machine, ~20 ms for one 32 × 3 × 288² float batch, so reusing memory is worth
// as much as a faster resize. Nothing is returned explicitly: a buffer is free again once
// every tensor handed out from it has died (the batch was dropped and the model let go of
// its activations), which the pool sees as its own reference being the only one left.
//
// Thread contract: acquire() may be called from any thread.
#pragma once

#include <cstddef>
#include <mutex>
#include <vector>

#include <torch/types.h>

namespace bb {

class BufferPool {
public:
    // Keeps at most `capacity` buffers; beyond that acquire() allocates without keeping.
    BufferPool(std::size_t capacity, torch::Device device, bool pinned = false);

    // A contiguous tensor of `shape` and `dtype`. Its contents are unspecified.
    torch::Tensor acquire(at::IntArrayRef shape, torch::ScalarType dtype);

    // Buffers kept right now, for tests of the memory bound.
    std::size_t keptBuffers() const;

private:
    torch::Tensor allocate(std::int64_t elements, torch::ScalarType dtype) const;

    const std::size_t m_capacity;
    const torch::Device m_device;
    const bool m_pinned;
    mutable std::mutex m_mutex;
    std::vector<torch::Tensor> m_buffers;  // 1-D, each the sole owner-in-waiting of its storage
};

}  // namespace bb
