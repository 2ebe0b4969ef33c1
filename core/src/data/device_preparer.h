// Turns a Batch into model inputs on the training device. For host-transformed batches it
// only copies tensors over. For device-transform batches it does the image work there:
// the decoded 8-bit images go over (a quarter of the bytes of float pixels), then resize,
// crop, flip and CLIP normalisation run as batched tensor ops, images of one size and plan
// together, following each sample's TransformPlan so that the pixels match the host path.
//
// Thread contract: one instance per training thread, used from that thread only. On CUDA
// the work is queued on the current stream and prepare() returns before it is done: time it
// with CUDA events or a synchronize, never with host clocks alone. It keeps workspaces
// between calls (on a CPU device, reusing them roughly halves the transform time).
#pragma once

#include <array>

#include <torch/types.h>

#include "data/batch.h"
#include "data/buffer_pool.h"

namespace bb {

struct DeviceBatch {
    torch::Tensor pixelValues;    // [B, 3, S, S] float32, CLIP-normalised
    torch::Tensor pixelMask;      // [B, S, S] int64 ones: every crop fills the square. Shared
                                  // between calls: read-only.
    torch::Tensor inputIds;       // [B, L] int64; undefined when the batch has no text
    torch::Tensor attentionMask;  // [B, L] int64; undefined when the batch has no text
};

class DevicePreparer {
public:
    explicit DevicePreparer(torch::Device device);

    DeviceBatch prepare(const Batch& batch);

    torch::Device device() const noexcept { return m_device; }

private:
    torch::Tensor transformOnDevice(const Batch& batch);
    torch::Tensor pixelMask(std::int64_t batchSize, std::int64_t sizePx);

    torch::Device m_device;
    BufferPool m_outputs;      // normalised pixels handed to the model, recycled when released
    torch::Tensor m_scale;     // [1, 3, 1, 1]: 1 / (255 std)
    torch::Tensor m_offset;    // [1, 3, 1, 1]: -mean / std
    torch::Tensor m_source;    // float copy of a group's source regions
    torch::Tensor m_resized;   // the group resized
    torch::Tensor m_pixelMask;
};

}  // namespace bb
