#include <iostream>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "bridgebench/errors.h"
#include "bridgebench/run_import.h"
#include "cli/cli_common.h"
#include "cli/range_check.h"

namespace bb::cli {

namespace {

struct ImportCommandOptions {
    std::string format;
    std::string path;
    std::string dbPath;
    ImportOptions import;
    std::int64_t deviceCount = 0;
    std::int64_t batchSize = 0;
    std::int64_t workers = -1;
    bool json = false;
};

void printResult(const ImportResult& result, const std::string& dbPath, bool json) {
    for (const auto& warning : result.warnings) std::cerr << "warning: " << warning << '\n';
    if (json) {
        nlohmann::json added = nlohmann::json::array();
        for (const auto& run : result.added) added.push_back({{"id", run.id}, {"name", run.name}, {"steps", run.steps}});
        std::cout << nlohmann::json{{"database", dbPath},
                                    {"added", added},
                                    {"skipped", result.skipped},
                                    {"warnings", result.warnings}}
                         .dump(2)
                  << '\n';
        return;
    }
    std::cout << fmt::format("Imported {} run{} into {}\n", result.added.size(), result.added.size() == 1 ? "" : "s",
                             dbPath);
    for (const auto& run : result.added) std::cout << fmt::format("  #{} {} ({} steps)\n", run.id, run.name, run.steps);
    for (const auto& name : result.skipped) std::cout << fmt::format("  skipped {}: already in the database\n", name);
}

int importCommand(ImportCommandOptions options) {
    if (options.deviceCount > 0) options.import.deviceCount = options.deviceCount;
    if (options.batchSize > 0) options.import.batchSize = options.batchSize;
    if (options.workers >= 0) options.import.workers = options.workers;
    // The format's name was checked against the same four by CLI11.
    const ImportResult result =
        importFiles(options.dbPath, importFormatNamed(options.format).value(), options.path, options.import);
    printResult(result, options.dbPath, options.json);
    return kExitOk;
}

}  // namespace

void registerImportCommand(CLI::App& root, CliState& state) {
    auto options = std::make_shared<ImportCommandOptions>();
    auto* command = root.add_subcommand(
        "import", "Import runs: a Hugging Face Trainer output folder, TensorBoard event files, a CSV table or "
                  "another BridgeBench database (all or nothing)");
    command->add_option("FORMAT", options->format, "trainer | tensorboard | csv | db")
        ->required()
        ->check(CLI::IsMember({"trainer", "tensorboard", "csv", "db"}));
    command->add_option("PATH", options->path, "The folder or file to import")->required();
    command->add_option("--device-kind", options->import.deviceKind, "Device kind when the files do not say")
        ->check(CLI::IsMember({"cpu", "cuda", "hpu"}));
    command->add_option("--device-name", options->import.deviceName, "Device name, e.g. H100, Gaudi2, A100 80GB");
    // The ranges a run can have: the largest clusters hold about 100,000 devices; a batch and the
    // workers as a run's config takes them (docs/config.md), workers up to the threads of any machine.
    command->add_option("--device-count", options->deviceCount, "Devices the run used (all of them together)")
        ->check(integerBetween(1, 131'072));
    command->add_option("--name", options->import.name, "The run's name (default: the folder's or file's)");
    command->add_option("--model", options->import.model,
                        "The model when the files do not say, or to override them: a preset, a Hugging Face id "
                        "(BridgeTower/bridgetower-large-itm-mlm-itc) or a config.json");
    command->add_option("--batch-size", options->batchSize, "Per-device batch size (wins over the files)")
        ->check(integerBetween(1, 65'536));
    command->add_option("--workers", options->workers, "Loader workers the run had (wins over the files)")
        ->check(integerBetween(0, 1'024));
    command->add_option("--precision", options->import.precision, "fp32 | bf16 | fp16 (wins over the files)")
        ->check(CLI::IsMember({"fp32", "bf16", "fp16"}));
    addDbOption(*command, options->dbPath);
    command->add_flag("--json", options->json, "Print what was imported as one JSON document");
    command->footer(
        "The files are read first and written in one transaction; a malformed file exits 3 naming the file and\n"
        "the place at fault, and nothing is imported. Importing the same files again adds nothing.\n\n"
        "Examples:\n"
        "  bridgebench-cli import trainer ./output_dir --device-kind cuda --device-name H100 --device-count 8\n"
        "  bridgebench-cli import tensorboard runs/ --name \"baseline, 2 workers\"\n");
    command->callback([options, &state] { state.exitCode = guarded([&] { return importCommand(*options); }); });
}

}  // namespace bb::cli
