// The input pipeline's figures on the workload: 512 generated 640 × 480 JPEGs at
// quality 90, image size 288, batch 32. Reference points (issue 4, same machine class):
// one thread of TurboJPEG + cv::resize + crop + normalise does 610–720 images/s; PyTorch's
// DataLoader with PIL and torchvision does 134–306 depending on workers and interpolation.
//
//   loader_bench --benchmark_counters_tabular=true
//
// BM_Loader/<workers>/<device transforms>/<bicubic>/<OpenCV threads> runs the Loader and
// DevicePreparer as `bridgebench-cli bench loader` does. The last argument measures the
// thread-pool choice documented in loader_options.h: 1 (OpenCV work stays on the calling
// thread) against 0 (OpenCV's own default pool, one thread per core).
#include <array>
#include <filesystem>
#include <optional>

#include <benchmark/benchmark.h>
#include <opencv2/core/utility.hpp>
#include <opencv2/imgproc.hpp>

#include "bridgebench/synthetic_dataset.h"
#include "data/cpu_image_transform.h"
#include "data/dataset.h"
#include "data/device_preparer.h"
#include "data/file_bytes.h"
#include "data/image_decoder.h"
#include "data/loader.h"
#include "data/rgb_image.h"

namespace {

constexpr std::int64_t kImages = 512;
constexpr std::int64_t kBatch = 32;
constexpr int kImageSizePx = 288;

std::shared_ptr<const bb::Dataset> benchDataset() {
    static const std::shared_ptr<const bb::Dataset> dataset = [] {
        const std::filesystem::path dir = std::filesystem::temp_directory_path() / "bridgebench-bench-512";
        bb::SyntheticDatasetOptions options;
        options.count = kImages;
        bb::generateSyntheticDataset(dir, options);  // reused when already there
        return std::make_shared<const bb::Dataset>(bb::Dataset::open(dir));
    }();
    return dataset;
}

void BM_DecodeOnly(benchmark::State& state) {
    const auto dataset = benchDataset();
    bb::ImageDecoder decoder;
    std::vector<std::vector<std::uint8_t>> files(16);
    for (std::size_t i = 0; i < files.size(); ++i) {
        bb::readFileBytes(dataset->sample(i).imagePath, files[i]);
    }
    bb::RgbImage image;
    std::string error;
    std::size_t next = 0;
    for (auto _ : state) {
        benchmark::DoNotOptimize(decoder.decode(files[next++ % files.size()], image, error));
    }
    state.counters["images_per_s"] = benchmark::Counter(static_cast<double>(state.iterations()), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_DecodeOnly)->Unit(benchmark::kMillisecond)->UseRealTime();

// The library route CpuImageTransform replaces, kept here as its yardstick: OpenCV resizes
// the whole region, then crop, split and a scaled convert per plane.
void openCvTransform(const cv::Mat& rgb, const bb::TransformPlan& plan, int interpolation, float* chw) {
    cv::Mat resized;
    cv::resize(rgb, resized, cv::Size(plan.resizedWidthPx, plan.resizedHeightPx), 0, 0, interpolation);
    const cv::Mat crop =
        resized(cv::Rect(plan.cropRect.x, plan.cropRect.y, plan.cropRect.widthPx, plan.cropRect.heightPx));
    std::array<cv::Mat, 3> planes;
    cv::split(crop, planes.data());
    const int pixels = plan.cropRect.widthPx * plan.cropRect.heightPx;
    for (std::size_t channel = 0; channel < 3; ++channel) {
        cv::Mat plane(plan.cropRect.heightPx, plan.cropRect.widthPx, CV_32F, chw + channel * pixels);
        planes[channel].convertTo(plane, CV_32F, 1.0 / (255.0 * bb::kClipStd[channel]),
                                  -double(bb::kClipMean[channel]) / bb::kClipStd[channel]);
    }
}

// Everything one thread does per image on the host path, without the loader around it.
// Arg: 0 = CpuImageTransform, 1 = the OpenCV route (the single-thread reference:
// TurboJPEG + cv::resize linear + crop + normalise).
void BM_HostPipelineOneThread(benchmark::State& state) {
    const auto dataset = benchDataset();
    cv::setNumThreads(0);
    bb::ImageDecoder decoder;
    bb::CpuImageTransform transform(bb::Interpolation::Bilinear);
    bb::ImageTransformOptions options;
    bb::SplitMix64 rng(0);
    std::vector<std::uint8_t> bytes;
    bb::RgbImage image;
    std::vector<float> chw(3 * kImageSizePx * kImageSizePx);
    std::string error;
    std::size_t next = 0;
    for (auto _ : state) {
        const bb::DatasetSample& sample = dataset->sample(next++ % dataset->size());
        bb::readFileBytes(sample.imagePath, bytes);
        if (!decoder.decode(bytes, image, error)) {
            state.SkipWithError(error.c_str());
            break;
        }
        const bb::TransformPlan plan = bb::planTransform(image.widthPx(), image.heightPx(), options, rng);
        if (state.range(0) == 0) {
            transform.apply(image.mat(), plan, chw.data());
        } else {
            openCvTransform(image.mat(), plan, cv::INTER_LINEAR, chw.data());
        }
        benchmark::DoNotOptimize(chw.data());
    }
    state.counters["images_per_s"] = benchmark::Counter(static_cast<double>(state.iterations()), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_HostPipelineOneThread)->ArgName("opencv")->DenseRange(0, 1)->Unit(benchmark::kMillisecond)->UseRealTime();

// Args: implementation (0 = CpuImageTransform, 1 = OpenCV route), bicubic (0/1). One
// decoded 640 × 480 image, evaluation plan (384 × 288, centre 288²), one thread.
void BM_HostTransform(benchmark::State& state) {
    const auto dataset = benchDataset();
    cv::setNumThreads(0);
    std::vector<std::uint8_t> bytes;
    bb::readFileBytes(dataset->sample(0).imagePath, bytes);
    bb::ImageDecoder decoder;
    bb::RgbImage image;
    std::string error;
    if (!decoder.decode(bytes, image, error)) {
        state.SkipWithError(error.c_str());
        return;
    }
    const auto interpolation = state.range(1) != 0 ? bb::Interpolation::Bicubic : bb::Interpolation::Bilinear;
    bb::SplitMix64 rng(0);
    const bb::TransformPlan plan = bb::planTransform(image.widthPx(), image.heightPx(), {}, rng);
    bb::CpuImageTransform transform(interpolation);
    std::vector<float> chw(3 * kImageSizePx * kImageSizePx);
    for (auto _ : state) {
        if (state.range(0) == 0) {
            transform.apply(image.mat(), plan, chw.data());
        } else {
            openCvTransform(image.mat(), plan, interpolation == bb::Interpolation::Bicubic ? cv::INTER_CUBIC : cv::INTER_LINEAR,
                            chw.data());
        }
        benchmark::DoNotOptimize(chw.data());
    }
}
BENCHMARK(BM_HostTransform)
    ->ArgNames({"opencv", "bicubic"})
    ->ArgsProduct({{0, 1}, {0, 1}})
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();

// Args: workers, device transforms (0/1), bicubic (0/1), OpenCV threads (1 or 0 = default).
void BM_Loader(benchmark::State& state) {
    const auto dataset = benchDataset();
    bb::LoaderOptions options;
    options.batchSize = kBatch;
    options.workers = state.range(0);
    options.deviceTransforms = state.range(1) != 0;
    options.imageSizePx = kImageSizePx;
    options.interpolation = state.range(2) != 0 ? bb::Interpolation::Bicubic : bb::Interpolation::Bilinear;
    options.epochs = 0;
    if (state.range(3) == 0) {
        cv::setNumThreads(-1);  // OpenCV's default pool
        options.opencvThreads = 0;
    } else {
        options.opencvThreads = state.range(3);
    }
    bb::Loader loader(dataset, options);
    bb::DevicePreparer preparer(torch::kCPU);
    for (int i = 0; i < 2; ++i) {  // warm-up: fill the pools and the prefetch window
        preparer.prepare(*loader.next());
    }
    std::int64_t images = 0;
    double waitMs = 0;
    double decodeMs = 0;
    for (auto _ : state) {
        std::optional<bb::Batch> batch = loader.next();
        const bb::DeviceBatch inputs = preparer.prepare(*batch);
        benchmark::DoNotOptimize(inputs.pixelValues.data_ptr());
        images += batch->size();
        waitMs += batch->timings.waitMs;
        decodeMs += batch->timings.decodeMs;
    }
    const auto batches = static_cast<double>(state.iterations());
    state.counters["images_per_s"] = benchmark::Counter(static_cast<double>(images), benchmark::Counter::kIsRate);
    state.counters["wait_ms"] = waitMs / batches;
    state.counters["decode_ms"] = decodeMs / batches;
}
BENCHMARK(BM_Loader)
    ->ArgNames({"workers", "device", "bicubic", "cv_threads"})
    ->ArgsProduct({{0, 1, 2}, {0, 1}, {0}, {1}})
    ->Args({0, 0, 1, 1})
    ->Args({2, 0, 1, 1})
    ->Args({0, 0, 0, 0})
    ->Args({1, 0, 0, 0})
    ->Args({2, 0, 0, 0})
    ->Iterations(32)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();

}  // namespace

BENCHMARK_MAIN();
