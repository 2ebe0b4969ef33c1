#include "bridgebench/loader_benchmark.h"

#include <algorithm>
#include <chrono>

#include <ATen/Parallel.h>
#include <nlohmann/json.hpp>
#include <torch/cuda.h>

#include "bridgebench/errors.h"
#include "data/copy_stream_stager.h"
#include "data/dataset.h"
#include "data/device_preparer.h"
#include "data/loader.h"
#include "data/nvjpeg_decoder.h"
#include "data/nvjpeg_library.h"

namespace bb {

namespace {

using Clock = std::chrono::steady_clock;

double elapsedMs(Clock::time_point start) {
    return std::chrono::duration<double, std::milli>(Clock::now() - start).count();
}

torch::Device parseDevice(const std::string& text) {
    try {
        return torch::Device(text);
    } catch (const c10::Error&) {
        throw ConfigError("device", "'" + text + "' is not a device; expected cpu or cuda:N");
    }
}

LoaderBenchmarkResult measure(const std::shared_ptr<const Dataset>& dataset, const LoaderBenchmarkOptions& options,
                              std::int64_t workers, bool deviceTransforms,
                              const std::shared_ptr<const NvjpegLibrary>& nvjpeg) {
    LoaderOptions loaderOptions;
    loaderOptions.batchSize = options.batchSize;
    loaderOptions.workers = workers;
    loaderOptions.prefetchFactor = options.prefetchFactor;
    loaderOptions.deviceTransforms = deviceTransforms;
    loaderOptions.imageSizePx = options.imageSizePx;
    loaderOptions.seed = options.seed;
    loaderOptions.augment = options.augment;
    loaderOptions.interpolation = *interpolationFromString(options.interpolation);
    loaderOptions.epochs = 0;
    const torch::Device device = parseDevice(options.device);
    loaderOptions.pinMemory = device.is_cuda();
    loaderOptions.encodedJpegs = nvjpeg != nullptr;
    // The training path's copies: on the copy stream, by the workers.
    Loader loader(dataset, loaderOptions, device.is_cuda() ? makeCopyStreamStager(device) : nullptr);
    DevicePreparer preparer(device, nvjpeg);
    const std::int64_t measured = options.batches > 0 ? options.batches : loader.batchesPerEpoch();

    LoaderBenchmarkResult result;
    result.workers = workers;
    result.deviceTransforms = deviceTransforms;
    result.deviceDecoding = nvjpeg != nullptr;
    result.interpolation = options.interpolation;
    result.device = options.device;
    result.batchSize = options.batchSize;
    result.imageSizePx = options.imageSizePx;
    result.torchThreads = at::get_num_threads();

    Clock::time_point start = Clock::now();
    for (std::int64_t i = 0; i < options.warmupBatches + measured; ++i) {
        if (i == options.warmupBatches) {
            start = Clock::now();
        }
        std::optional<Batch> batch = loader.next();
        if (!batch) {
            break;  // cannot happen with endless epochs unless cancelled
        }
        const Clock::time_point prepareStart = Clock::now();
        const DeviceBatch inputs = preparer.prepare(*batch);
        if (device.is_cuda()) {
            torch::cuda::synchronize(device.index());
        }
        const double prepareMs = elapsedMs(prepareStart);
        if (i < options.warmupBatches) {
            continue;
        }
        ++result.batches;
        result.images += batch->size();
        result.readMs += batch->timings.readMs;
        result.decodeMs += batch->timings.decodeMs;
        result.transformMs += batch->timings.transformMs;
        result.collateMs += batch->timings.collateMs;
        result.waitMs += batch->timings.waitMs;
        result.deviceTransformMs += prepareMs;
    }
    result.wallMs = elapsedMs(start);
    if (result.batches > 0) {
        const auto batches = static_cast<double>(result.batches);
        result.readMs /= batches;
        result.decodeMs /= batches;
        result.transformMs /= batches;
        result.collateMs /= batches;
        result.waitMs /= batches;
        result.deviceTransformMs /= batches;
    }
    result.imagesPerSec = result.wallMs > 0 ? 1000.0 * static_cast<double>(result.images) / result.wallMs : 0;
    result.skippedSamples = loader.stats().skipped.count + preparer.deviceSkipped();
    result.decoder = result.deviceDecoding ? preparer.decoderBackend() : "turbojpeg";
    return result;
}

}  // namespace

void validate(const LoaderBenchmarkOptions& options) {
    if (options.workers.empty()) {
        throw ConfigError("workers", "needs at least one value");
    }
    for (const std::int64_t workers : options.workers) {
        if (workers < 0 || workers > 256) {
            throw ConfigError("workers", "values must be between 0 and 256");
        }
    }
    if (options.deviceTransforms.empty()) {
        throw ConfigError("device_transforms", "needs at least one value");
    }
    if (options.deviceDecoding.empty()) {
        throw ConfigError("device_decoding", "needs at least one value");
    }
    const bool decodeOnDevice =
        std::find(options.deviceDecoding.begin(), options.deviceDecoding.end(), true) != options.deviceDecoding.end();
    if (decodeOnDevice &&
        std::find(options.deviceTransforms.begin(), options.deviceTransforms.end(), true) == options.deviceTransforms.end())
        throw ConfigError("device_decoding", "decodes for the device-side transforms: needs device_transforms on");
    if (options.batchSize < 1) {
        throw ConfigError("batch", "must be at least 1");
    }
    if (options.imageSizePx < 8 || options.imageSizePx > 4096) {
        throw ConfigError("image_size", "must be between 8 and 4096 pixels");
    }
    if (!interpolationFromString(options.interpolation)) {
        throw ConfigError("interpolation", "must be bilinear or bicubic");
    }
    if (options.prefetchFactor < 1) {
        throw ConfigError("prefetch_factor", "must be at least 1");
    }
    if (options.batches < 0 || options.warmupBatches < 0) {
        throw ConfigError("batches", "must not be negative");
    }
    const torch::Device device = parseDevice(options.device);
    if (device.is_cuda() && !torch::cuda::is_available()) {
        throw ConfigError("device", "'" + options.device + "' needs CUDA, which this build or machine lacks");
    }
    if (!device.is_cpu() && !device.is_cuda()) {
        throw ConfigError("device", "expected cpu or cuda:N");
    }
    if (decodeOnDevice && !device.is_cuda())
        throw ConfigError("device_decoding", "decodes with nvJPEG on a cuda device; '" + options.device + "' is not one");
    if (decodeOnDevice && !nvjpegDecoderBuilt())
        throw ConfigError("device_decoding", "needs a build against a CUDA LibTorch");
}

void to_json(nlohmann::json& out, const LoaderBenchmarkResult& result) {
    out = {
        {"workers", result.workers},
        {"device_transforms", result.deviceTransforms},
        {"device_decoding", result.deviceDecoding},
        {"decoder", result.decoder},
        {"interpolation", result.interpolation},
        {"device", result.device},
        {"batch_size", result.batchSize},
        {"image_size", result.imageSizePx},
        {"batches", result.batches},
        {"images", result.images},
        {"wall_ms", result.wallMs},
        {"images_per_s", result.imagesPerSec},
        {"read_ms", result.readMs},
        {"decode_ms", result.decodeMs},
        {"transform_ms", result.transformMs},
        {"collate_ms", result.collateMs},
        {"device_transform_ms", result.deviceTransformMs},
        {"wait_ms", result.waitMs},
        {"torch_threads", result.torchThreads},
        {"skipped_samples", result.skippedSamples},
    };
}

std::vector<LoaderBenchmarkResult> runLoaderBenchmark(const std::filesystem::path& data,
                                                      const LoaderBenchmarkOptions& options,
                                                      const LoaderBenchmarkCallback& onResult) {
    validate(options);
    std::shared_ptr<const NvjpegLibrary> nvjpeg;
    if (std::find(options.deviceDecoding.begin(), options.deviceDecoding.end(), true) != options.deviceDecoding.end()) {
        const NvjpegLoad found = loadNvjpeg(options.nvjpegLibrary);
        if (!found.library)
            throw ConfigError(found.named ? "nvjpeg_library" : "device_decoding",
                              "nvJPEG does not load: " + found.triedText());
        nvjpeg = found.library;
    }
    const auto dataset = std::make_shared<const Dataset>(Dataset::open(data));
    std::vector<LoaderBenchmarkResult> results;
    for (const std::int64_t workers : options.workers) {
        for (const bool deviceTransforms : options.deviceTransforms) {
            for (const bool deviceDecoding : options.deviceDecoding) {
                if (deviceDecoding && !deviceTransforms) continue;
                results.push_back(measure(dataset, options, workers, deviceTransforms, deviceDecoding ? nvjpeg : nullptr));
                if (onResult) {
                    onResult(results.back());
                }
            }
        }
    }
    return results;
}

}  // namespace bb
