// Measures the input pipeline alone: images per second and where the time goes, for each
// combination of loader workers, device-side transforms and (on CUDA) device decoding, where
// the workers only read the JPEGs and nvJPEG decodes them on the device. The consumer does what a
// training step does with a batch before the model sees it (DevicePreparer::prepare, and a
// synchronize on CUDA), and nothing else, so the figures are the loader's ceiling.
#pragma once

#include <cstdint>
#include <filesystem>
#include <functional>
#include <string>
#include <vector>

#include <nlohmann/json_fwd.hpp>

namespace bb {

struct LoaderBenchmarkOptions {
    std::vector<std::int64_t> workers{0, 1, 2};
    std::vector<bool> deviceTransforms{false, true};
    // Measured with device_transforms on only; on needs a cuda device and nvJPEG.
    std::vector<bool> deviceDecoding{false};
    std::string nvjpegLibrary;  // empty: $BRIDGEBENCH_NVJPEG_LIBRARY, else the default names
    std::int64_t batchSize = 32;
    std::int64_t imageSizePx = 288;
    std::string interpolation = "bicubic";  // bicubic (as a run's default) | bilinear
    bool augment = false;
    std::int64_t prefetchFactor = 2;
    std::int64_t batches = 0;        // measured per combination; 0: one epoch
    std::int64_t warmupBatches = 2;  // consumed first and left out of the figures
    std::string device = "cpu";      // cpu | cuda | cuda:N
    std::uint64_t seed = 0;
};

// Throws ConfigError naming the option ("workers", "batch", "image_size", "interpolation",
// "device", "device_decoding", ...).
void validate(const LoaderBenchmarkOptions& options);

// Stage times are means per batch in milliseconds. With workers > 0 the loader stages run
// on worker threads, in parallel with each other and with the consumer, so they add up to
// more than the wall time per batch.
struct LoaderBenchmarkResult {
    std::int64_t workers = 0;
    bool deviceTransforms = false;
    bool deviceDecoding = false;
    std::string decoder;  // "turbojpeg" in the workers, or the device's: "nvjpeg-hardware", "nvjpeg-cuda"
    std::string interpolation;
    std::string device;
    std::int64_t batchSize = 0;
    std::int64_t imageSizePx = 0;
    std::int64_t batches = 0;
    std::int64_t images = 0;
    double wallMs = 0;
    double imagesPerSec = 0;
    double readMs = 0;
    double decodeMs = 0;
    double transformMs = 0;
    double collateMs = 0;
    double deviceTransformMs = 0;  // DevicePreparer::prepare (with a synchronize on CUDA)
    double waitMs = 0;             // consumer blocked in Loader::next()
    std::int64_t torchThreads = 0; // LibTorch intra-op threads of the consumer
    std::int64_t skippedSamples = 0;
};

// One object; keys in snake_case: workers, device_transforms, device_decoding, decoder,
// interpolation, images_per_s,
// read_ms, decode_ms, transform_ms, collate_ms, device_transform_ms, wait_ms, ...
void to_json(nlohmann::json& out, const LoaderBenchmarkResult& result);

// Called after each combination, on the calling thread.
using LoaderBenchmarkCallback = std::function<void(const LoaderBenchmarkResult&)>;

// `data` is anything Dataset::open accepts (a folder with manifest.jsonl, a manifest, COCO
// captions). Throws InputError for unusable data and ConfigError for invalid options (device
// decoding without an nvJPEG that loads is one, naming "device_decoding" or "nvjpeg_library").
std::vector<LoaderBenchmarkResult> runLoaderBenchmark(const std::filesystem::path& data,
                                                      const LoaderBenchmarkOptions& options,
                                                      const LoaderBenchmarkCallback& onResult = {});

}  // namespace bb
