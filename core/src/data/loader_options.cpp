#include "data/loader_options.h"

#include <torch/cuda.h>

#include "bridgebench/errors.h"

namespace bb {

void validate(const LoaderOptions& options) {
    if (options.batchSize < 1) {
        throw ConfigError("batch_size", "must be at least 1");
    }
    if (options.workers < 0 || options.workers > 256) {
        throw ConfigError("workers", "must be between 0 and 256");
    }
    if (options.prefetchFactor < 1) {
        throw ConfigError("prefetch_factor", "must be at least 1");
    }
    if (options.imageSizePx < 8 || options.imageSizePx > 4096) {
        throw ConfigError("image_size", "must be between 8 and 4096 pixels");
    }
    if (options.maxTextLength < 2) {
        throw ConfigError("max_text_length", "must be at least 2 (<s> and </s>)");
    }
    if (options.epochs < 0) {
        throw ConfigError("epochs", "must be 0 (repeat) or more");
    }
    if (options.opencvThreads < 0) {
        throw ConfigError("opencv_threads", "must be 0 (leave as is) or more");
    }
    if (options.pinMemory && !torch::cuda::is_available()) {
        throw ConfigError("pin_memory", "needs a CUDA device, and this process has none");
    }
}

}  // namespace bb
