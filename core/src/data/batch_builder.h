// Builds whole batches: read, decode, transform (host path) or stage (device path; with
// device decoding, JPEG files are staged as read), tokenise, collate. The loader runs one per
// worker thread, or one on the training thread when workers = 0.
//
// Thread contract: one instance per thread. The dataset, options and pool are shared and
// must outlive it; the dataset and options are only read, the pool is thread-safe.
#pragma once

#include <cstdint>
#include <optional>
#include <stop_token>
#include <vector>

#include "data/batch.h"
#include "data/cpu_image_transform.h"
#include "data/image_decoder.h"
#include "data/jpeg_decoder.h"
#include "data/loader_options.h"
#include "data/rgb_image.h"
#include "data/sample_order.h"
#include "data/text_collate.h"
#include "timeline/timeline_recorder.h"

namespace bb {

class BufferPool;
class Dataset;

class BatchBuilder {
public:
    // `lane`: where the batch's spans go (the worker's track, or the training thread's with
    // workers = 0); none by default.
    BatchBuilder(const Dataset& dataset, const LoaderOptions& options, BufferPool& pool, SpanLane lane = {});

    std::int64_t batchesPerEpoch() const noexcept { return m_order.batchesPerEpoch(); }

    // Builds global batch `index`. Returns std::nullopt when `stop` is requested before it is
    // complete (checked between samples). Unreadable or corrupt images are left out and
    // listed in Batch::skipped, so a batch may hold fewer samples, or none. Exceptions from
    // the text encoder or from allocation propagate.
    std::optional<Batch> build(std::int64_t index, std::stop_token stop);

private:
    void collateRawImages(Batch& batch, std::int64_t count);
    void collateEncodedImages(Batch& batch);

    const Dataset& m_dataset;
    const SpanLane m_lane;
    const LoaderOptions& m_options;
    BufferPool& m_pool;
    SampleOrder m_order;
    ImageTransformOptions m_transformOptions;
    TextPadding m_padding;
    ImageDecoder m_decoder;
    CpuImageTransform m_transform;
    std::vector<std::uint8_t> m_fileBytes;
    RgbImage m_image;                  // host path: the image being transformed
    std::vector<RgbImage> m_staged;    // device path: decoded images until collate
    JpegDecoder m_jpegHeaders;         // device decoding: headers only
    std::vector<EncodedImage> m_encoded;        // device decoding: staged JPEG files
    std::vector<std::uint8_t> m_encodedBytes;   // their bytes, back to back, until collate
};

}  // namespace bb
