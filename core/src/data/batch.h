// One batch as the loader hands it over: either normalised pixels (host transforms) or
// decoded 8-bit images with their transform plans (device transforms), the text tensors, and
// where the time went. A plain value; DevicePreparer turns it into model inputs.
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include <torch/types.h>

#include "bridgebench/skipped_samples.h"
#include "data/transform_plan.h"

namespace bb {

class StagedCopy;

// Milliseconds. The stage times are summed over the batch's samples and measured on the
// thread that built it (a worker, or the training thread when workers = 0).
struct BatchTimings {
    double readMs = 0;       // file bytes into memory
    double decodeMs = 0;     // JPEG (or other format) to 8-bit RGB
    double transformMs = 0;  // host transforms: resize, crop, flip, normalise
    double tokenizeMs = 0;   // TextEncodeFn plus padding
    double collateMs = 0;    // assembling the batch tensors (device transforms: packing images)
    double buildMs = 0;      // wall time from the first read to the finished batch
    double waitMs = 0;       // how long next() blocked the consumer for this batch
};

// A decoded image inside Batch::rawPixels: 8-bit RGB, rows packed, HWC.
struct RawImage {
    std::int64_t byteOffset = 0;
    int widthPx = 0;
    int heightPx = 0;
};

// A JPEG file inside Batch::encodedBytes, as read, left for the training device to decode.
// Its size comes from the headers; the plan of its slot was drawn from that size.
struct EncodedImage {
    std::int64_t slot = 0;  // position among the batch's samples
    std::int64_t byteOffset = 0;
    std::int64_t byteCount = 0;
    int widthPx = 0;
    int heightPx = 0;
};

struct BatchSkip {
    std::int64_t sampleIndex = 0;
    SkippedSample sample;
};

struct Batch {
    std::int64_t index = 0;         // 0-based across epochs, in delivery order
    std::int64_t epoch = 0;
    std::int64_t indexInEpoch = 0;
    std::vector<std::int64_t> sampleIndices;  // dataset indices of the samples present, in order
    std::vector<TransformPlan> plans;         // one per sample
    int imageSizePx = 0;
    Interpolation interpolation = Interpolation::Bilinear;

    // Host transforms: [B, 3, S, S] float32, CLIP-normalised, contiguous.
    torch::Tensor pixelValues;
    // Device transforms: [total bytes] uint8 holding the decoded images back to back, one
    // per slot that encodedImages does not hold, in slot order.
    torch::Tensor rawPixels;
    std::vector<RawImage> rawImages;
    // Device decoding (LoaderOptions::encodedJpegs): [total bytes] uint8, the JPEG files as
    // read, back to back. Files in other formats are decoded by the loader into rawPixels.
    torch::Tensor encodedBytes;
    std::vector<EncodedImage> encodedImages;

    // [B, maxTextLength] int64; undefined when the loader has no text encoder.
    torch::Tensor inputIds;
    torch::Tensor attentionMask;

    BatchTimings timings;
    // Samples of this batch that could not be read or decoded (left out of the tensors).
    std::vector<BatchSkip> skipped;
    // Set by the loader's BatchStager: the tensors above are device copies, to be read only
    // after staged->orderBefore() (batch_stager.h).
    std::shared_ptr<StagedCopy> staged;

    std::int64_t size() const noexcept { return static_cast<std::int64_t>(sampleIndices.size()); }
    bool hostTransformed() const noexcept { return pixelValues.defined(); }
};

}  // namespace bb
