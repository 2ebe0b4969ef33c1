// Decodes the JPEG files a batch carries as read (Batch::encodedImages) into 8-bit RGB on the
// training device, for DevicePreparer: with nvJPEG's batched decoder when the run has one (a
// CUDA device), else with TurboJPEG on the calling thread. TurboJPEG also takes the images
// nvJPEG refuses (a JPEG variant neither of its backends reads), so that nvJPEG's gaps cost
// speed, never samples. Only a file neither can decode is left out, with the reason.
//
// Every decoded image must have the size its headers gave the loader, since its slot's
// transform plan was drawn from that size; one that does not is left out as corrupt.
//
// Thread contract: one instance per training thread, as NvjpegDecoder's. The batch's bytes
// must outlive the decode on the device (NvjpegDecoder's contract): the caller keeps the batch
// until the step that uses its pixels has passed.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <torch/types.h>

#include "data/batch.h"
#include "data/jpeg_decoder.h"
#include "data/nvjpeg_library.h"
#include "data/rgb_image.h"
#include "timeline/timeline_recorder.h"

namespace bb {

class NvjpegDecoder;

struct EncodedDecodeResult {
    torch::Tensor pixels;                      // [bytes] uint8 on the device, images at their offsets
    std::vector<std::optional<RawImage>> images;  // one per Batch::encodedImages entry; empty: failed
    std::vector<std::string> reasons;          // one per entry; set where the image failed
    std::int64_t hostDecoded = 0;              // entries TurboJPEG decoded (all of them without nvJPEG)
};

class EncodedImageDecoder {
public:
    // `nvjpeg` null: TurboJPEG only. Else the nvJPEG decoder is made at the first decode, on
    // the thread that will use it; a failure to make it throws std::runtime_error naming the
    // nvJPEG call.
    // `spans`: where the nvJPEG decodes of the steps it records go (the device decode track).
    EncodedImageDecoder(torch::Device device, std::shared_ptr<const NvjpegLibrary> nvjpeg, SpanLane spans = {});
    ~EncodedImageDecoder();
    EncodedImageDecoder(const EncodedImageDecoder&) = delete;
    EncodedImageDecoder& operator=(const EncodedImageDecoder&) = delete;

    EncodedDecodeResult decode(const Batch& batch);
    // Waits for the device decodes still timed and adds their spans (NvjpegDecoder::flushSpans()).
    void flushSpans();

    // "nvjpeg-hardware", "nvjpeg-cuda" (once the nvJPEG decoder is made), or "turbojpeg".
    std::string backend() const;

private:
    // TurboJPEG into one host buffer, then onto the device; `entries` index Batch::encodedImages.
    torch::Tensor decodeOnHost(const Batch& batch, const std::vector<std::size_t>& entries,
                               EncodedDecodeResult& result, std::int64_t offsetBase);

    torch::Device m_device;
    std::shared_ptr<const NvjpegLibrary> m_library;
    SpanLane m_spans;
    std::unique_ptr<NvjpegDecoder> m_nvjpeg;
    JpegDecoder m_jpeg;
    RgbImage m_image;
    std::vector<std::uint8_t> m_host;  // TurboJPEG's output for one batch, before the copy
};

}  // namespace bb
