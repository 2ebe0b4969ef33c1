#include "data/buffer_pool.h"

#include <limits>
#include <mutex>
#include <vector>

namespace bb {

struct BufferPool::State {
    struct Slot {
        torch::Tensor buffer;  // 1-D
        bool lent = false;     // a tensor handed out from it is alive
    };
    std::mutex mutex;
    std::vector<Slot> slots;  // only grows; a slot is replaced only while not lent
};

BufferPool::BufferPool(std::size_t capacity, torch::Device device, bool pinned)
    : m_capacity(capacity), m_device(device), m_pinned(pinned), m_state(std::make_shared<State>()) {}

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
    constexpr std::size_t kNone = std::numeric_limits<std::size_t>::max();
    std::unique_lock lock(m_state->mutex);
    std::vector<State::Slot>& slots = m_state->slots;
    // The smallest free buffer that fits, so one large request does not pin every buffer.
    std::size_t best = kNone;
    for (std::size_t index = 0; index < slots.size(); ++index) {
        const torch::Tensor& buffer = slots[index].buffer;
        if (!slots[index].lent && buffer.scalar_type() == dtype && buffer.numel() >= elements &&
            (best == kNone || buffer.numel() < slots[best].buffer.numel())) {
            best = index;
        }
    }
    if (best == kNone) {
        torch::Tensor fresh = allocate(elements, dtype);
        if (slots.size() < m_capacity) {
            slots.push_back({std::move(fresh)});
            best = slots.size() - 1;
        } else {
            // Full: a free buffer that was too small makes room for the larger one, so the
            // pool follows the sizes in use instead of keeping stale ones.
            for (std::size_t index = 0; index < slots.size() && best == kNone; ++index) {
                if (!slots[index].lent) {
                    slots[index].buffer = std::move(fresh);
                    best = index;
                }
            }
            if (best == kNone) {
                return fresh.view(shape);
            }
        }
    }
    slots[best].lent = true;
    void* data = slots[best].buffer.data_ptr();
    lock.unlock();
    auto giveBack = [state = m_state, best](void* /*data*/) {
        std::lock_guard released(state->mutex);
        state->slots[best].lent = false;
    };
    return torch::from_blob(data, shape, giveBack, torch::TensorOptions().dtype(dtype).device(m_device));
}

std::size_t BufferPool::keptBuffers() const {
    std::lock_guard lock(m_state->mutex);
    return m_state->slots.size();
}

}  // namespace bb
