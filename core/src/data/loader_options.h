// How a Loader builds batches. Field order follows the engine's brace-initialisation:
// LoaderOptions{batchSize, workers, prefetchFactor, deviceTransforms, imageSizePx,
// maxTextLength, seed, augment, textEncode}.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string_view>
#include <vector>

#include "data/transform_plan.h"

namespace bb {

class TimelineRecorder;

// Text → token ids, special tokens included (RobertaTokenizer::encode). Called on loader
// threads, concurrently when workers > 1, so it must be safe to call from several threads
// at once (a const method on shared immutable data is).
using TextEncodeFn = std::function<std::vector<std::int64_t>(std::string_view)>;

struct LoaderOptions {
    std::int64_t batchSize = 8;
    // 0: next() builds each batch on the calling (training) thread, as the study's default.
    // N: N worker threads each build whole batches ahead of the consumer.
    std::int64_t workers = 0;
    // Batches in flight (being built or ready) per worker; bounds memory whatever the
    // dataset size: at most workers × prefetchFactor batches plus the one being consumed.
    std::int64_t prefetchFactor = 2;
    // Workers only read and decode; DevicePreparer resizes, crops and normalises on the
    // training device as batched tensor ops.
    bool deviceTransforms = false;
    std::int64_t imageSizePx = 288;
    std::int64_t maxTextLength = 50;  // BridgeTower's fine-tuning configs use 50
    std::uint64_t seed = 0;           // sample order and augmentation
    bool augment = false;             // random resized crop + flip instead of centre crop
    TextEncodeFn textEncode;          // empty: batches carry no text tensors

    Interpolation interpolation = Interpolation::Bilinear;
    std::int64_t epochs = 1;          // 0: repeat until the loader is cancelled or destroyed
    bool shuffle = true;
    bool dropLast = true;             // equal batch sizes; an epoch's remainder is left out
    std::int64_t padTokenId = 1;
    std::int64_t eosTokenId = 2;
    // OpenCV's pool size while loading (process-wide: cv::setNumThreads is global). OpenCV
    // decodes the formats TurboJPEG does not read. 1 keeps that work on the thread that
    // asked for it: workers are the unit of parallelism, and
    // a second pool competing with them and with LibTorch's training threads only
    // oversubscribes the cores (measured in bench/loader_bench.cpp). 0 leaves OpenCV as is.
    std::int64_t opencvThreads = 1;
    // Allocate host batch tensors in page-locked memory, for asynchronous copies to CUDA.
    bool pinMemory = false;
    // With deviceTransforms: workers read JPEG files and parse their headers but leave the
    // decoding to DevicePreparer (nvJPEG on a CUDA device). Other formats they still decode.
    bool encodedJpegs = false;
    // Data parallel: this rank's shard of each epoch (see epochShard in sample_order.h).
    int shardRank = 0;
    int shardCount = 1;
    // Where workers record their batches' spans; none: no timeline.
    std::shared_ptr<TimelineRecorder> timeline;
};

// Throws ConfigError naming the key ("batch_size", "workers", "prefetch_factor",
// "image_size", "max_text_length", "epochs", "opencv_threads", "pin_memory").
void validate(const LoaderOptions& options);

}  // namespace bb
