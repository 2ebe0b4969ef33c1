#include <cmath>
#include <iostream>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "bridgebench/run_comparison.h"
#include "cli/cli_common.h"
#include "cli/text_table.h"

namespace bb::cli {

namespace {

struct CompareOptions {
    std::vector<std::string> runs;
    std::string baseline;
    std::string metric = "samples";
    std::string dbPath;
    bool json = false;
};

CompareMetric metricOf(const std::string& name) {
    if (name == "per-device") return CompareMetric::SamplesPerSecPerDevice;
    if (name == "tflops") return CompareMetric::AchievedTflops;
    return CompareMetric::SamplesPerSec;
}

nlohmann::json numberOrNull(double value) { return std::isfinite(value) ? nlohmann::json(value) : nlohmann::json(); }

int compareCommand(const CompareOptions& options) {
    ResultStore store(options.dbPath);
    const auto runs = findRuns(store, options.runs);
    if (!runs) return kExitUsage;
    std::optional<std::int64_t> baselineId;
    std::vector<RunRecord> compared = *runs;
    if (!options.baseline.empty()) {
        const auto baseline = findRuns(store, {options.baseline});
        if (!baseline) return kExitUsage;
        baselineId = baseline->front().id;
        // A baseline not among the runs is compared too, first.
        if (std::none_of(compared.begin(), compared.end(), [&](const auto& run) { return run.id == *baselineId; }))
            compared.insert(compared.begin(), baseline->front());
    }
    const auto comparison = compareRuns(compared, metricOf(options.metric), baselineId);
    if (options.json) {
        nlohmann::json entries = nlohmann::json::array();
        for (const auto& entry : comparison.entries)
            entries.push_back({{"id", entry.runId},
                               {"name", entry.runName},
                               {"device", entry.device},
                               {"configuration", entry.configuration},
                               {"reference", entry.reference},
                               {"value", numberOrNull(entry.value)},
                               {"speedup", numberOrNull(entry.speedup)},
                               {"workload_differs", entry.workloadDiffers},
                               {"workload_note", entry.workloadNote}});
        nlohmann::json baseline = nullptr;
        if (baselineId) baseline = {{"id", *baselineId}, {"name", comparison.baselineName}};
        std::cout << nlohmann::json{{"metric", options.metric}, {"unit", comparison.unit}, {"baseline", baseline},
                                    {"runs", entries}}
                         .dump(2)
                  << '\n';
        return kExitOk;
    }
    TextTable table({"id", "run", "device", "configuration", comparison.unit, "speedup", "workload"});
    for (const auto& entry : comparison.entries)
        table.addRow({std::to_string(entry.runId), entry.runName, entry.device, entry.configuration,
                      std::isfinite(entry.value) ? fmt::format("{:.1f}", entry.value) : "-",
                      std::isfinite(entry.speedup) ? fmt::format("{:.2f}x", entry.speedup) : "-",
                      entry.workloadDiffers ? "differs: " + entry.workloadNote : "same"});
    if (baselineId) std::cout << fmt::format("Baseline: #{} {}\n", *baselineId, comparison.baselineName);
    std::cout << table.render();
    return kExitOk;
}

}  // namespace

void registerCompareCommand(CLI::App& root, CliState& state) {
    auto options = std::make_shared<CompareOptions>();
    auto* command = root.add_subcommand(
        "compare", "Compare runs' throughput, with speedups against a baseline and workload differences marked");
    command->add_option("RUN", options->runs, "Run ids, unique names or uuids")->required();
    command->add_option("--baseline", options->baseline, "The run speedups are measured against");
    command->add_option("--metric", options->metric, "samples (all devices) | per-device | tflops")
        ->check(CLI::IsMember({"samples", "per-device", "tflops"}))
        ->capture_default_str();
    addDbOption(*command, options->dbPath);
    command->add_flag("--json", options->json, "Print one JSON document");
    command->callback([options, &state] { state.exitCode = guarded([&] { return compareCommand(*options); }); });
}

}  // namespace bb::cli
