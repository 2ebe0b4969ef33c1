// Recycles the large tensors batches are made of. Fresh pages cost 2–3 µs per fault on the
// reference machine, ~20 ms for one 32 × 3 × 288² float batch, so reusing memory is worth
// as much as a faster resize. Nothing is returned explicitly: a buffer is free again once
// every tensor handed out from it, views included, has died (the batch was dropped and the
// model let go of its activations). Each handed-out tensor has a storage of its own whose
// deleter gives the buffer back under the pool's mutex, so the hand-over from the thread that
// let go to the thread that takes the buffer next is an order ThreadSanitizer can check.
// (Watching the buffer's reference count instead, as this pool once did, orders them through
// an atomic inside LibTorch that TSan cannot see: it reported two loader workers writing one
// buffer.) Handed-out tensors may outlive the pool.
//
// Thread contract: acquire() may be called from any thread.
#pragma once

#include <cstddef>
#include <memory>

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
    struct State;
    torch::Tensor allocate(std::int64_t elements, torch::ScalarType dtype) const;

    const std::size_t m_capacity;
    const torch::Device m_device;
    const bool m_pinned;
    std::shared_ptr<State> m_state;  // shared with the deleters of the tensors handed out
};

}  // namespace bb
