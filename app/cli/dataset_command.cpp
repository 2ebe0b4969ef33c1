// bridgebench-cli dataset generate --out DIR --count N [--seed S] [--width W] [--height H]
//                                  [--quality Q] [--json]
#include <unistd.h>

#include <iostream>
#include <memory>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "bridgebench/synthetic_dataset.h"
#include "cli/cli_common.h"
#include "cli/range_check.h"

namespace bb::cli {

namespace {

struct GenerateArgs {
    std::string out;
    SyntheticDatasetOptions options;
    bool json = false;
};

int generate(const GenerateArgs& args) {
    const bool live = ::isatty(STDERR_FILENO) != 0;
    SyntheticProgressFn progress;
    if (live) {
        progress = [](std::int64_t written, std::int64_t total) {
            if (written == total || written % 25 == 0) {
                std::cerr << fmt::format("\rgenerating {}/{}", written, total) << std::flush;
            }
        };
    }
    const SyntheticDatasetResult result = generateSyntheticDataset(args.out, args.options, progress);
    if (live && !result.reused) {
        std::cerr << '\n';
    }
    if (args.json) {
        std::cout << nlohmann::json{{"manifest", result.manifest.string()},
                                    {"count", result.count},
                                    {"reused", result.reused},
                                    {"elapsed_ms", result.elapsedMs}}
                         .dump(2)
                  << '\n';
    } else if (result.reused) {
        std::cout << fmt::format("reused {} images in {} (same parameters)\n", result.count, args.out);
    } else {
        std::cout << fmt::format("wrote {} images to {} in {:.1f} s; manifest {}\n", result.count, args.out,
                                 result.elapsedMs / 1000.0, result.manifest.string());
    }
    return kExitOk;
}

}  // namespace

void registerDatasetCommand(CLI::App& root, CliState& state) {
    CLI::App* dataset = root.add_subcommand("dataset", "Create image-caption datasets");
    dataset->require_subcommand(1);
    CLI::App* command = dataset->add_subcommand(
        "generate", "Write synthetic photo-like JPEGs with matching captions and a manifest.jsonl; "
                    "an existing set made with the same parameters is reused");
    auto args = std::make_shared<GenerateArgs>();
    command->add_option("--out", args->out, "Folder to write (created when missing)")->required();
    command->add_option("--count", args->options.count, "Number of images")->required()->check(
        integerBetween(1, 10'000'000));
    command->add_option("--seed", args->options.seed, "Seed; the same seed gives the same files")
        ->capture_default_str();
    command->add_option("--width", args->options.widthPx, "Image width in pixels")
        ->capture_default_str()
        ->check(integerBetween(16, 8192));
    command->add_option("--height", args->options.heightPx, "Image height in pixels")
        ->capture_default_str()
        ->check(integerBetween(16, 8192));
    command->add_option("--quality", args->options.quality, "JPEG quality")
        ->capture_default_str()
        ->check(integerBetween(1, 100));
    command->add_flag("--json", args->json, "Print one JSON object on stdout");
    command->footer("Example:\n  bridgebench-cli dataset generate --out /tmp/jpegs --count 500 --width 640 --height 480\n");
    command->callback([args, &state] { state.exitCode = guarded([&] { return generate(*args); }); });
}

}  // namespace bb::cli
