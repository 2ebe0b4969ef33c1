// JPEG decoding on a CUDA device with nvJPEG's batched decoder: the hardware JPEG engine where
// the GPU has one (A100, H100, H200), nvJPEG's CUDA backend otherwise or for images the engine
// refuses. Output is laid out as Batch::rawPixels (8-bit RGB, HWC, images back to back), which
// DevicePreparer's transforms read.
//
// Fed by EncodedImageDecoder with the JPEG files the loader read (LoaderOptions::encodedJpegs).
// Compiled for real only against a CUDA LibTorch (nvjpeg_decoder_cuda.cpp); elsewhere the
// constructor throws (nvjpeg_decoder_unavailable.cpp) and nvjpegDecoderBuilt() says no.
//
// Thread contract: one instance per thread; its work is queued on that thread's current stream
// of `device`. The JPEG bytes must stay valid and unchanged until that stream has passed the
// decode (a host read of the output, or an event, says so).
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include <torch/types.h>

#include "data/batch.h"
#include "data/nvjpeg_library.h"

#include "timeline/timeline_recorder.h"

namespace bb {

struct DeviceDecoded {
    torch::Tensor pixels;              // [total bytes] uint8 on the device; images back to back
    std::vector<RawImage> images;      // one per decoded JPEG, in input order
    std::vector<std::size_t> decoded;  // input index of each entry of `images`
    std::vector<std::size_t> failed;   // input indices that could not be decoded (corrupt, unsupported)
    std::vector<std::string> reasons;  // one per failed, as nvJPEG reported it
};

// Whether this build has the real decoder (a CUDA LibTorch).
bool nvjpegDecoderBuilt() noexcept;

class NvjpegDecoder {
public:
    // Throws std::runtime_error naming the nvJPEG call that failed (or, without CUDA, why).
    NvjpegDecoder(std::shared_ptr<const NvjpegLibrary> library, torch::Device device);
    ~NvjpegDecoder();
    NvjpegDecoder(const NvjpegDecoder&) = delete;
    NvjpegDecoder& operator=(const NvjpegDecoder&) = delete;

    // `step`: the step the batch serves, for its span on the timeline (recordSpans()).
    DeviceDecoded decode(const std::vector<std::span<const std::uint8_t>>& jpegs, std::int64_t step = 0);

    // From now on each decode of a step `lane` records is a span on it, from CUDA events around
    // the decode on the stream, added once the device has passed them: at a later decode, or
    // at flushSpans(), which waits for them (the run's end, before its last spans are taken).
    void recordSpans(SpanLane lane);
    void flushSpans();

    // "hardware" (the JPEG engine) or "cuda" (nvJPEG's default backend).
    std::string backend() const;

private:
    DeviceDecoded decodeAll(const std::vector<std::span<const std::uint8_t>>& jpegs);

    struct Impl;
    std::unique_ptr<Impl> m_impl;
};

}  // namespace bb
