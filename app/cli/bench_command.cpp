// bridgebench-cli bench loader --data DIR|MANIFEST [--workers 0,1,2] [--device-transforms off,on]
//                              [--device-decoding off,on] [--batch B] [--image-size S] [--json] ...
#include <unistd.h>

#include <iostream>
#include <memory>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "bridgebench/loader_benchmark.h"
#include "cli/cli_common.h"
#include "cli/range_check.h"

namespace bb::cli {

namespace {

struct LoaderBenchArgs {
    std::string data;
    std::vector<std::string> deviceTransforms{"off", "on"};
    std::vector<std::string> deviceDecoding{"off"};
    LoaderBenchmarkOptions options;
    bool json = false;
};

void printHeader() {
    std::cout << fmt::format("{:>7}  {:>6}  {:<15}  {:<8}  {:>9}  {:>7} {:>7} {:>9} {:>7} {:>7} {:>7}\n", "workers",
                             "dev-tf", "decoder", "interp", "images/s", "read", "decode", "transform", "collate",
                             "device", "wait");
    std::cout << fmt::format("{:>65}\n", "ms per batch:");
}

void printRow(const LoaderBenchmarkResult& result) {
    std::cout << fmt::format("{:>7}  {:>6}  {:<15}  {:<8}  {:>9.1f}  {:>7.1f} {:>7.1f} {:>9.1f} {:>7.1f} {:>7.1f} {:>7.1f}\n",
                             result.workers, result.deviceTransforms ? "on" : "off", result.decoder, result.interpolation,
                             result.imagesPerSec, result.readMs, result.decodeMs, result.transformMs,
                             result.collateMs, result.deviceTransformMs, result.waitMs)
              << std::flush;
}

int benchLoader(LoaderBenchArgs& args) {
    args.options.deviceTransforms.clear();
    for (const std::string& value : args.deviceTransforms) {
        args.options.deviceTransforms.push_back(value == "on");
    }
    args.options.deviceDecoding.clear();
    for (const std::string& value : args.deviceDecoding) args.options.deviceDecoding.push_back(value == "on");
    const bool live = ::isatty(STDERR_FILENO) != 0;
    std::size_t done = 0;
    std::size_t perWorkers = 0;
    for (const bool transforms : args.options.deviceTransforms)
        for (const bool decoding : args.options.deviceDecoding) perWorkers += !decoding || transforms ? 1 : 0;
    const std::size_t total = args.options.workers.size() * perWorkers;
    const auto results = runLoaderBenchmark(args.data, args.options, [&](const LoaderBenchmarkResult& result) {
        ++done;
        if (live) {
            std::cerr << fmt::format("\rmeasured {}/{} combinations", done, total) << (done == total ? "\n" : "")
                      << std::flush;
        }
        if (!args.json) {
            // Not before the first result: unusable data is refused first, and a table
            // header above an error reads as an empty measurement.
            if (done == 1) printHeader();
            printRow(result);
        }
    });
    if (args.json) {
        std::cout << nlohmann::json(results).dump(2) << '\n';
    }
    return kExitOk;
}

}  // namespace

void registerBenchCommand(CLI::App& root, CliState& state) {
    CLI::App* bench = root.add_subcommand("bench", "Measure parts of the pipeline in isolation");
    bench->require_subcommand(1);
    CLI::App* command = bench->add_subcommand(
        "loader", "Images per second of the input pipeline and its per-stage time, for each combination of "
                  "loader workers, device-side transforms and device decoding");
    auto args = std::make_shared<LoaderBenchArgs>();
    LoaderBenchmarkOptions& options = args->options;
    command->add_option("--data", args->data, "Dataset folder (with manifest.jsonl), manifest or COCO captions")
        ->required();
    command->add_option("--workers", options.workers, "Loader worker counts to measure")
        ->delimiter(',')
        ->capture_default_str()
        ->check(integerBetween(0, 256));
    command->add_option("--device-transforms", args->deviceTransforms, "off, on, or both (off,on)")
        ->delimiter(',')
        ->capture_default_str()
        ->check(CLI::IsMember({"off", "on"}));
    command->add_option("--device-decoding", args->deviceDecoding,
                        "Decode JPEGs on the device with nvJPEG (cuda, with device transforms on): off, on, or both")
        ->delimiter(',')
        ->capture_default_str()
        ->check(CLI::IsMember({"off", "on"}));
    command->add_option("--nvjpeg-library", options.nvjpegLibrary,
                        "nvJPEG to load for device decoding (a path or soname; default: $BRIDGEBENCH_NVJPEG_LIBRARY, "
                        "then libnvjpeg.so.13, .so.12, .so)");
    command->add_option("--batch", options.batchSize, "Batch size")
        ->capture_default_str()
        ->check(integerAtLeast(1));
    command->add_option("--image-size", options.imageSizePx, "Square side of the model's input in pixels")
        ->capture_default_str()
        ->check(integerBetween(8, 4096));
    command->add_option("--interpolation", options.interpolation, "Resize kernel")
        ->capture_default_str()
        ->check(CLI::IsMember({"bilinear", "bicubic"}));
    command->add_flag("--augment", options.augment, "Random resized crop and flip instead of a centre crop");
    command->add_option("--prefetch-factor", options.prefetchFactor, "Batches in flight per worker")
        ->capture_default_str()
        ->check(integerAtLeast(1));
    command->add_option("--batches", options.batches, "Batches measured per combination (0: one epoch)")
        ->capture_default_str()
        ->check(integerAtLeast(0));
    command->add_option("--warmup-batches", options.warmupBatches, "Batches consumed before measuring")
        ->capture_default_str()
        ->check(integerAtLeast(0));
    command->add_option("--device", options.device, "Device the device-side transforms run on (cpu, cuda:N)")
        ->capture_default_str();
    command->add_option("--seed", options.seed, "Seed for the sample order and augmentation")->capture_default_str();
    command->add_flag("--json", args->json, "Print one JSON array on stdout, one object per combination");
    command->footer(
        "Examples:\n"
        "  bridgebench-cli bench loader --data /tmp/jpegs --workers 0,1,2\n"
        "  bridgebench-cli bench loader --data /tmp/jpegs --device cuda:0 --device-transforms on \\\n"
        "      --device-decoding off,on\n");
    command->callback([args, &state] { state.exitCode = guarded([&] { return benchLoader(*args); }); });
}

}  // namespace bb::cli
