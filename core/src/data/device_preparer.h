// Turns a Batch into model inputs on the training device. For host-transformed batches it
// only copies tensors over. For device-transform batches it does the image work there:
// the decoded 8-bit images go over (a quarter of the bytes of float pixels), or with device
// decoding the JPEG files themselves, which EncodedImageDecoder decodes there; then resize,
// crop, flip and CLIP normalisation run as batched tensor ops, images of one size and plan
// together, following each sample's TransformPlan so that the pixels match the host path.
// A sample whose JPEG cannot be decoded there is left out of every tensor and reported.
//
// Thread contract: one instance per training thread, used from that thread only. On CUDA
// the work is queued on the current stream and prepare() returns before it is done: time it
// with CUDA events or a synchronize, never with host clocks alone. It keeps workspaces
// between calls (on a CPU device, reusing them roughly halves the transform time). A batch
// the loader staged (Batch::staged) arrives with its tensors on the device already; prepare()
// orders its own work after their copies.
#pragma once

#include <array>
#include <memory>
#include <string>
#include <vector>

#include <torch/types.h>

#include "data/batch.h"
#include "data/buffer_pool.h"
#include "data/encoded_image_decoder.h"

namespace bb {

struct DeviceSkip {
    std::int64_t sampleIndex = 0;
    std::string reason;
};

// A decoded image on the device: which buffer holds it (the loader's decoded images, or the
// device decoder's output) and where.
struct PlacedImage {
    std::size_t source = 0;
    std::int64_t byteOffset = 0;
    int widthPx = 0;
    int heightPx = 0;
};

struct DeviceBatch {
    torch::Tensor pixelValues;    // [B, 3, S, S] float32, CLIP-normalised
    torch::Tensor pixelMask;      // [B, S, S] int64 ones: every crop fills the square. Shared
                                  // between calls: read-only.
    torch::Tensor inputIds;       // [B, L] int64; undefined when the batch has no text
    torch::Tensor attentionMask;  // [B, L] int64; undefined when the batch has no text
    // Device decoding: samples left out because their JPEG could not be decoded.
    std::vector<DeviceSkip> skipped;
};

class DevicePreparer {
public:
    // `nvjpeg`: decode Batch::encodedImages with it (a CUDA device); null: with TurboJPEG on
    // the calling thread.
    // `decodeSpans`: where the device decodes of the steps it records go (EncodedImageDecoder).
    explicit DevicePreparer(torch::Device device, std::shared_ptr<const NvjpegLibrary> nvjpeg = nullptr,
                            SpanLane decodeSpans = {});

    DeviceBatch prepare(const Batch& batch);
    // The device decodes' spans still waiting for the device, added (waits for it).
    void flushSpans() { m_decoder.flushSpans(); }

    torch::Device device() const noexcept { return m_device; }
    // What decodes Batch::encodedImages (EncodedImageDecoder::backend()).
    std::string decoderBackend() const { return m_decoder.backend(); }
    // Samples left out by the device decoder so far, over every call.
    std::int64_t deviceSkipped() const noexcept { return m_deviceSkipped; }

    // The batch's images on the device, one per sample kept, with the plans that go with them.
    struct Placed {
        std::vector<torch::Tensor> sources;
        std::vector<PlacedImage> images;
        std::vector<TransformPlan> plans;
        std::vector<std::int64_t> keptSlots;  // device decoding: the slots kept, in order
    };

private:
    Placed placeImages(const Batch& batch, std::vector<DeviceSkip>& skipped);
    torch::Tensor transformOnDevice(const Placed& placed, const Batch& batch);
    torch::Tensor pixelMask(std::int64_t batchSize, std::int64_t sizePx);

    torch::Device m_device;
    BufferPool m_outputs;      // normalised pixels handed to the model, recycled when released
    EncodedImageDecoder m_decoder;
    std::int64_t m_deviceSkipped = 0;
    torch::Tensor m_scale;     // [1, 3, 1, 1]: 1 / (255 std)
    torch::Tensor m_offset;    // [1, 3, 1, 1]: -mean / std
    torch::Tensor m_source;    // float copy of a group's source regions
    torch::Tensor m_resized;   // the group resized
    torch::Tensor m_pixelMask;
};

}  // namespace bb
