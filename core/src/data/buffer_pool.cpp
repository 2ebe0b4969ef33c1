#include "data/buffer_pool.h"

#include <limits>

namespace bb {

BufferPool::BufferPool(std::size_t capacity, torch::Device device, bool pinned)
    : m_capacity(capacity), m_device(device), m_pinned(pinned) {}

torch::Tensor BufferPool::allocate(std::int64_t elements, torch::ScalarType dtype) const {
    auto options = torch::TensorOptions().dtype(dtype).device(m_device);
    if (m_pinned) {
        options = options.pinned_memory(true);
    }
    return torch::empty({elements}, options);
}

torch::Tensor BufferPool::acquire(at::IntArrayRef shape, torch::ScalarType dtype) {
    std::int64_t elements = 1;
    for (const std::int64_t extent : shape) {
        elements *= extent;
    }
    std::lock_guard lock(m_mutex);
    // The smallest free buffer that fits, so one large request does not pin every buffer.
    torch::Tensor* best = nullptr;
    std::int64_t bestElements = std::numeric_limits<std::int64_t>::max();
    for (torch::Tensor& buffer : m_buffers) {
        // use_count() == 1: only this pool's tensor refers to the storage. Nobody else can
        // raise it again, since views are only made here, under the lock.
        if (buffer.scalar_type() == dtype && buffer.numel() >= elements && buffer.numel() < bestElements &&
            buffer.storage().use_count() == 1) {
            best = &buffer;
            bestElements = buffer.numel();
        }
    }
    if (best == nullptr) {
        torch::Tensor fresh = allocate(elements, dtype);
        if (m_buffers.size() < m_capacity) {
            m_buffers.push_back(std::move(fresh));
            best = &m_buffers.back();
        } else {
            // Full: a free buffer that was too small makes room for the larger one, so the
            // pool follows the sizes in use instead of keeping stale ones.
            for (torch::Tensor& buffer : m_buffers) {
                if (buffer.storage().use_count() == 1) {
                    buffer = std::move(fresh);
                    best = &buffer;
                    break;
                }
            }
            if (best == nullptr) {
                return fresh.view(shape);
            }
        }
    }
    return best->narrow(0, 0, elements).view(shape);
}

std::size_t BufferPool::keptBuffers() const {
    std::lock_guard lock(m_mutex);
    return m_buffers.size();
}

}  // namespace bb
