#include <cmath>
#include <iostream>
#include <set>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "bridgebench/run_comparison.h"
#include "bridgebench/speedup_figure.h"
#include "bridgebench/study_runs.h"
#include "cli/cli_common.h"
#include "cli/text_table.h"

namespace bb::cli {

namespace {

struct CompareOptions {
    std::vector<std::string> runs;
    std::string baseline;
    std::string metric = "samples";
    bool metricGiven = false;
    bool withStudy = false;
    std::string dbPath;
    bool json = false;
};

CompareMetric metricOf(const std::string& name) {
    if (name == "per-device") return CompareMetric::SamplesPerSecPerDevice;
    if (name == "tflops") return CompareMetric::AchievedTflops;
    if (name == "tflops-per-device") return CompareMetric::AchievedTflopsPerDevice;
    if (name == "mfu") return CompareMetric::Mfu;
    return CompareMetric::SamplesPerSec;
}

nlohmann::json numberOrNull(double value) { return std::isfinite(value) ? nlohmann::json(value) : nlohmann::json(); }

std::string figureOr(double value, const char* format) {
    return std::isfinite(value) ? fmt::format(fmt::runtime(format), value) : "-";
}

// Three significant digits from a CPU's 0.00353 to a cluster's 1140, never in exponent form.
std::string tflopsText(double value) {
    if (!std::isfinite(value)) return "-";
    return value >= 100 ? fmt::format("{:.0f}", value) : fmt::format("{:.3g}", value);
}

std::string speedupText(double speedup) {
    return std::isfinite(speedup) ? speedupFigure(speedup) + "x" : "-";
}

std::string percentText(double fraction) {
    if (!std::isfinite(fraction)) return "-";
    return fraction >= 0.001 ? fmt::format("{:.1f}%", fraction * 100) : fmt::format("{:.2g}%", fraction * 100);
}

// Figures that other processes bent, named before any is read as the run's own.
void printDisturbed(const RunComparison& comparison) {
    bool heading = false;
    for (const auto& entry : comparison.entries) {
        if (entry.otherProcesses.empty()) continue;
        if (!heading) std::cout << "Measured beside other processes (the figures may not repeat):\n";
        heading = true;
        std::cout << fmt::format("  #{}: {}\n", entry.runId, entry.otherProcesses);
    }
}

void printSources(const RunComparison& comparison) {
    std::set<std::string> printed;
    std::cout << "Where TFLOP/s and MFU come from:\n";
    for (const auto& entry : comparison.entries) {
        std::vector<std::string> lines;
        lines.push_back(entry.flopsBasis.empty() ? "TFLOP/s: unknown (the run names no model whose FLOPs can be counted)"
                                                 : "TFLOP/s: " + entry.flopsBasis);
        for (const auto& assumption : entry.flopsAssumptions) lines.push_back("assumes " + assumption);
        lines.push_back("MFU: " + entry.mfuNote);
        for (const auto& line : lines) {
            if (!printed.insert(line).second) continue;
            std::cout << fmt::format("  #{}: {}\n", entry.runId, line);
        }
    }
}

int compareCommand(CompareOptions options) {
    ResultStore store(options.dbPath, StoreAccess::Reading);
    noteReadOnly(store);
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
    std::string studyReason;
    if (options.withStudy) {
        const RunRecord yours = compared.front();  // a copy: compared grows below
        if (!baselineId) baselineId = yours.id;
        const auto study = studyRuns(store.listRuns());
        for (const auto& run : study)
            if (std::none_of(compared.begin(), compared.end(), [&](const auto& r) { return r.id == run.id; }))
                compared.push_back(run);
        // Across workloads samples/s says little; FLOP/s per device holds model, batch and device
        // count out. The difference is worded from the user's run against the study's.
        if (!study.empty() && yours.source != "reference") {
            const auto against = compareRuns({study.front(), yours}, CompareMetric::SamplesPerSec, study.front().id);
            const auto& entry = against.entries.back();
            if (entry.workloadDiffers) {
                if (!options.metricGiven) options.metric = "tflops-per-device";
                studyReason = fmt::format("#{}'s workload differs from the study's ({}): compared in {}.", yours.id,
                                          entry.workloadNote, metricUnit(metricOf(options.metric)));
            } else {
                studyReason = fmt::format("#{} has the study's workload: compared in {}.", yours.id,
                                          metricUnit(metricOf(options.metric)));
            }
        }
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
                               {"tflops", numberOrNull(entry.tflops)},
                               {"tflops_per_device", numberOrNull(entry.tflopsPerDevice)},
                               {"mfu", numberOrNull(entry.mfu)},
                               {"flops_basis", entry.flopsBasis},
                               {"flops_assumptions", entry.flopsAssumptions},
                               {"mfu_note", entry.mfuNote},
                               {"other_processes", entry.otherProcesses},
                               {"workload_differs", entry.workloadDiffers},
                               {"workload_note", entry.workloadNote},
                               {"workload_held_out", entry.workloadHeldOut},
                               {"workload_unknown", entry.workloadUnknown}});
        nlohmann::json baseline = nullptr;
        if (baselineId) baseline = {{"id", *baselineId}, {"name", comparison.baselineName}};
        nlohmann::json document{{"metric", options.metric}, {"unit", comparison.unit}, {"baseline", baseline},
                                {"runs", entries}};
        if (options.withStudy) document["study_reason"] = studyReason;
        std::cout << document.dump(2) << '\n';
        return kExitOk;
    }
    TextTable table({"id", "run", "device", "configuration", comparison.unit, "speedup", "TFLOP/s/dev", "MFU",
                     "workload"});
    for (const auto& entry : comparison.entries) {
        std::string workload = entry.workloadDiffers ? "differs: " + entry.workloadNote : "same";
        if (!entry.workloadHeldOut.empty()) workload += " (held out: " + entry.workloadHeldOut + ")";
        if (!entry.workloadUnknown.empty()) workload += " (unknown: " + entry.workloadUnknown + ")";
        table.addRow({std::to_string(entry.runId), entry.runName, entry.device, entry.configuration,
                      comparison.metric == CompareMetric::AchievedTflops ||
                              comparison.metric == CompareMetric::AchievedTflopsPerDevice
                          ? tflopsText(entry.value)
                          : figureOr(entry.value, "{:.1f}"),
                      speedupText(entry.speedup), tflopsText(entry.tflopsPerDevice), percentText(entry.mfu),
                      workload});
    }
    if (!studyReason.empty()) std::cout << studyReason << '\n';
    if (baselineId) std::cout << fmt::format("Baseline: #{} {}\n", *baselineId, comparison.baselineName);
    std::cout << table.render();
    printDisturbed(comparison);
    printSources(comparison);
    return kExitOk;
}

}  // namespace

void registerCompareCommand(CLI::App& root, CliState& state) {
    auto options = std::make_shared<CompareOptions>();
    auto* command = root.add_subcommand(
        "compare", "Compare runs' throughput, with speedups against a baseline and workload differences marked");
    command->add_option("RUN", options->runs, "Run ids, unique names or uuids")->required();
    command->add_option("--baseline", options->baseline, "The run speedups are measured against");
    auto* metric = command->add_option("--metric", options->metric,
                                       "samples (all devices) | per-device | tflops | tflops-per-device | mfu")
                       ->check(CLI::IsMember({"samples", "per-device", "tflops", "tflops-per-device", "mfu"}))
                       ->capture_default_str();
    command->add_flag("--with-study", options->withStudy,
                      "Add the published study's figures (August 2023), the first RUN as baseline; when the "
                      "workloads differ the metric becomes TFLOP/s per device unless --metric says otherwise");
    addDbOption(*command, options->dbPath);
    command->add_flag("--json", options->json, "Print one JSON document");
    command->footer(
        "Each row gives the metric, the speedup against the baseline, TFLOP/s per device and MFU, and what differs\n"
        "in the workload; where each figure comes from is printed under the table.\n\n"
        "Examples:\n"
        "  bridgebench-cli compare 12 13 14 --baseline 12\n"
        "  bridgebench-cli compare 12 --with-study\n"
        "  bridgebench-cli compare 12 13 --metric mfu --json\n");
    command->callback([options, metric, &state] {
        options->metricGiven = metric->count() > 0;
        state.exitCode = guarded([&] { return compareCommand(*options); });
    });
}

}  // namespace bb::cli
