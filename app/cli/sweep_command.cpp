#include <algorithm>
#include <iostream>

#include <fmt/format.h>

#include "bridgebench/diagnosis.h"
#include "bridgebench/errors.h"
#include "bridgebench/result_store.h"
#include "bridgebench/run_samples_per_sec.h"
#include "bridgebench/study_presets.h"
#include "bridgebench/study_runner.h"
#include "cli/cli_common.h"
#include "cli/interrupt.h"
#include "cli/progress_line.h"
#include "cli/text_table.h"

namespace bb::cli {

namespace {

struct SweepOptions {
    std::string configFile;
    std::string preset;
    std::vector<std::string> settings;
    std::string dbPath;
    bool json = false;
};

class SweepReport final : public StudyProgress {
public:
    explicit SweepReport(bool quiet) : m_quiet(quiet) {}
    void pointStarting(std::size_t index, std::size_t total, const RunConfig& config) override {
        if (!m_quiet) std::cerr << fmt::format("[{}/{}] {}\n", index + 1, total, config.name);
    }
    void pointSkipped(std::size_t index, std::size_t total, const RunRecord& done) override {
        if (!m_quiet)
            std::cerr << fmt::format("[{}/{}] {}: already completed as run {}, skipped\n", index + 1, total, done.name,
                                     done.id);
    }

private:
    bool m_quiet;
};

// Predicted (from the first grid point alone) against measured, for every point. A point with
// another device count than the first gets none (null): a single process's measurements say
// nothing of the all-reduce a data-parallel one waits for, and a world's samples are another
// quantity.
nlohmann::json compareWithPrediction(ResultStore& store, const std::vector<std::int64_t>& runIds) {
    nlohmann::json rows = nlohmann::json::array();
    if (runIds.empty()) return rows;
    const auto baseline = store.findRun(runIds.front());
    const auto baselineSteps = store.steps(runIds.front());
    if (!baseline || baselineSteps.empty()) return rows;
    const PipelineProfile profile = profileRun(*baseline, baselineSteps);
    for (auto id : runIds) {
        const auto run = store.findRun(id);
        if (!run) continue;
        const double measured = runSamplesPerSec(*run);
        nlohmann::json predicted = nullptr;
        nlohmann::json error = nullptr;
        if (run->deviceCount == baseline->deviceCount) {
            // A sweep's runs are the engine's, which state every setting.
            const double stepMs =
                predictStepMs(profile, static_cast<int>(run->workers.value_or(0)), run->deviceTransforms.value_or(false));
            const double samplesPerSec =
                stepMs > 0 ? static_cast<double>(run->batchSize.value_or(0) * run->deviceCount.value_or(1)) * 1000.0 / stepMs
                           : 0;
            predicted = samplesPerSec;
            error = measured > 0 ? (samplesPerSec - measured) / measured : 0.0;
        }
        rows.push_back({{"run_id", id},
                        {"name", run->name},
                        {"status", std::string(toString(run->status))},
                        {"devices", run->deviceCount.value_or(1)},
                        {"workers", run->workers.value_or(0)},
                        {"device_transforms", run->deviceTransforms.value_or(false)},
                        {"measured_samples_per_s", measured},
                        {"predicted_samples_per_s", predicted},
                        {"prediction_error", error}});
    }
    return rows;
}

int sweepCommand(const SweepOptions& options) {
    if (options.configFile.empty() == options.preset.empty())
        throw ConfigError("", "give exactly one of --config FILE or --preset NAME");
    StudyConfig study = options.preset.empty() ? loadStudyConfig(options.configFile) : studyPreset(options.preset);
    applySettings(study.base, options.settings);
    ProgressLine progress;
    SweepReport report(options.json);
    StudyRunner runner(options.dbPath, study, progress, report);
    if (!options.json && !study.description.empty()) std::cerr << study.description << '\n';
    InterruptScope interrupt([&runner] { runner.cancel(); });
    const StudyOutcome outcome = runner.run();

    ResultStore store(options.dbPath);
    const nlohmann::json rows = compareWithPrediction(store, outcome.runIds);
    if (options.json) {
        std::cout << nlohmann::json{{"study_id", outcome.studyId}, {"name", study.name},
                                    {"completed", outcome.completed}, {"skipped", outcome.skipped},
                                    {"failed", outcome.failed},       {"cancelled", outcome.cancelled},
                                    {"database", options.dbPath},     {"points", rows}}
                         .dump(2)
                  << '\n';
    } else {
        std::cout << fmt::format("Study {} \"{}\": {} completed, {} skipped (already done), {} failed\n",
                                 outcome.studyId, study.name, outcome.completed, outcome.skipped, outcome.failed);
        TextTable table({"run", "devices", "workers", "device transforms", "measured samples/s", "predicted", "error"});
        bool unpredicted = false;
        for (const auto& row : rows) {
            const bool predicted = !row["predicted_samples_per_s"].is_null();
            unpredicted = unpredicted || !predicted;
            table.addRow({std::to_string(row["run_id"].get<std::int64_t>()),
                          std::to_string(row["devices"].get<std::int64_t>()), std::to_string(row["workers"].get<int>()),
                          row["device_transforms"].get<bool>() ? "on" : "off",
                          fmt::format("{:.1f}", row["measured_samples_per_s"].get<double>()),
                          predicted ? fmt::format("{:.1f}", row["predicted_samples_per_s"].get<double>()) : "-",
                          predicted ? fmt::format("{:+.1f}%", row["prediction_error"].get<double>() * 100) : "-"});
        }
        std::cout << table.render() << "Predictions come from the first point's measurements alone"
                  << (unpredicted ? "; points with another device count have none (see `show` for a data-parallel "
                                    "run's own predictions)"
                                  : "")
                  << ".\n  database: " << options.dbPath << '\n';
    }
    return outcome.failed > 0 ? kExitRunFailed : kExitOk;
}

}  // namespace

void registerSweepCommand(CLI::App& root, CliState& state) {
    auto options = std::make_shared<SweepOptions>();
    auto* command = root.add_subcommand("sweep", "Run a study: a grid of runs, resumable, grouped in the store");
    command->add_option("--config", options->configFile, "Study JSON: {name, base, grid}");
    command->add_option("--preset", options->preset, "Built-in study (study: the published grid on this device)");
    command->add_option("--set", options->settings, "Override a key of the study's base config: KEY=VALUE");
    addDbOption(*command, options->dbPath);
    command->add_flag("--json", options->json, "Print the outcome as one JSON document");
    command->footer(
        "Give --config or --preset. Presets: study (the published grid, workers 0/1/2 x device_transforms\n"
        "off/on: BridgeTower-large, bf16, batch 48 on cuda; the tiny BridgeTower on generated JPEGs on a CPU) and\n"
        "study-devices (workers 0/1/2 at 1 and N data-parallel devices). Running a study again skips the points\n"
        "it has completed. Config keys: bridgebench-cli run --help.\n\n"
        "Examples:\n"
        "  bridgebench-cli sweep --preset study\n"
        "  bridgebench-cli sweep --config my-study.json --set steps=20\n");
    command->callback([options, &state] { state.exitCode = guarded([&] { return sweepCommand(*options); }); });
}

}  // namespace bb::cli
