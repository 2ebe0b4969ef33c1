#include <algorithm>
#include <cmath>
#include <iostream>
#include <set>

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <nlohmann/json.hpp>

#include "bridgebench/result_store.h"
#include "bridgebench/run_comparison.h"
#include "bridgebench/speedup_figure.h"
#include "bridgebench/study_metric.h"
#include "bridgebench/study_runs.h"
#include "cli/cli_common.h"
#include "cli/figure_text.h"
#include "cli/text_table.h"
#include "cli/text_wrap.h"

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

// The widest a table printed on a terminal may be.
constexpr std::size_t kTableWidth = 120;

// The metric as a column's header: the whole unit is printed above the table.
std::string shortUnit(CompareMetric metric) {
    switch (metric) {
    case CompareMetric::SamplesPerSec: return "samples/s";
    case CompareMetric::SamplesPerSecPerDevice: return "samples/s/dev";
    case CompareMetric::AchievedTflops: return "TFLOP/s";
    case CompareMetric::AchievedTflopsPerDevice: return "TFLOP/s/dev";
    case CompareMetric::Mfu: return "MFU %";
    }
    return "";
}

// Where a run's figures come from, published and measured references apart.
std::string sourceText(const RunComparisonEntry& entry) {
    if (entry.published) return "study";
    if (!entry.measuredWith.empty()) return "peer";
    if (entry.measuredReference) return "measured";
    return entry.reference ? "reference" : "yours";
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
        std::cout << wrapText(fmt::format("#{}: {}", entry.runId, entry.otherProcesses), kTableWidth, "  ", "      ");
    }
}

void printSources(const RunComparison& comparison) {
    std::set<std::string> printed;
    std::cout << "Where TFLOP/s and MFU come from:\n";
    for (const auto& entry : comparison.entries) {
        std::vector<std::string> lines;
        lines.push_back(entry.flopsBasis.empty() ? "TFLOP/s: unknown (" + entry.flopsUnknownWhy + ")"
                                                 : "TFLOP/s: " + entry.flopsBasis);
        for (const auto& assumption : entry.flopsAssumptions) lines.push_back("assumes " + assumption);
        lines.push_back("MFU: " + entry.mfuNote);
        for (const auto& line : lines) {
            if (!printed.insert(line).second) continue;
            std::cout << wrapText(fmt::format("#{}: {}", entry.runId, line), kTableWidth, "  ", "      ");
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
        // The difference is worded from the user's run against the study's (study_metric.h).
        if (!study.empty() && !isReference(yours.origin)) {
            const auto choice = chooseStudyMetric({yours}, study.front());
            if (!options.metricGiven && choice.metric == CompareMetric::AchievedTflopsPerDevice)
                options.metric = "tflops-per-device";
            const auto unit = metricUnit(metricOf(options.metric));
            switch (choice.why) {
            case StudyMetricChoice::Why::WorkloadDiffers:
                studyReason = fmt::format("#{}'s workload differs from the study's ({}): compared in {}.", yours.id,
                                          choice.detail, unit);
                break;
            case StudyMetricChoice::Why::WorkloadUnknown:
                studyReason = fmt::format("#{}'s workload is not known in full (unknown: {}): compared in {}.", yours.id,
                                          choice.detail, unit);
                break;
            case StudyMetricChoice::Why::SameWorkload:
                studyReason = fmt::format("#{} has the study's workload: compared in {}.", yours.id, unit);
                break;
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
                               {"origin", entry.published ? "published" : entry.measuredReference ? "measured" : "run"},
                               {"group", entry.group},
                               {"no_speedup_because", entry.speedupNote},
                               {"value", numberOrNull(entry.value)},
                               {"speedup", numberOrNull(entry.speedup)},
                               {"tflops", numberOrNull(entry.tflops)},
                               {"tflops_per_device", numberOrNull(entry.tflopsPerDevice)},
                               {"mfu", numberOrNull(entry.mfu)},
                               {"flops_basis", entry.flopsBasis},
                               {"flops_unknown_because", entry.flopsUnknownWhy},
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
    // Within 120 columns: the figures and what tells the rows apart; what differs, and why a
    // speedup is left out, under the table. A column that repeats the metric's own is left out.
    const bool tflopsMetric = comparison.metric == CompareMetric::AchievedTflops ||
                              comparison.metric == CompareMetric::AchievedTflopsPerDevice;
    const bool tflopsColumn = comparison.metric != CompareMetric::AchievedTflopsPerDevice;
    const bool mfuColumn = comparison.metric != CompareMetric::Mfu;
    std::vector<std::string> header{"id", "run", "source", "device", "configuration", shortUnit(comparison.metric),
                                    "speedup"};
    if (tflopsColumn) header.push_back("TFLOP/s/dev");
    if (mfuColumn) header.push_back("MFU");
    header.push_back("");
    TextTable table(header);
    std::vector<std::pair<std::string, std::string>> notes;  // the runs' ids → what differs for them
    for (const auto& entry : comparison.entries) {
        std::vector<std::string> row{std::to_string(entry.runId), entry.runName, sourceText(entry), entry.group,
                                     entry.configuration,
                                     tflopsMetric                              ? tflopsText(entry.value)
                                     : comparison.metric == CompareMetric::Mfu ? figureOr(entry.value, "{:.1f}")
                                                                               : samplesPerSecText(entry.value),
                                     speedupText(entry.speedup)};
        if (tflopsColumn) row.push_back(tflopsText(entry.tflopsPerDevice));
        if (mfuColumn) row.push_back(percentText(entry.mfu));
        std::string marks = entry.workloadDiffers ? "†" : "";
        if (!entry.otherProcesses.empty()) marks += "‡";
        row.push_back(marks);
        table.addRow(std::move(row));
        std::vector<std::string> parts;
        if (entry.workloadDiffers) parts.push_back("† differs: " + entry.workloadNote);
        if (!entry.workloadHeldOut.empty()) parts.push_back("held out: " + entry.workloadHeldOut);
        if (!entry.workloadUnknown.empty()) parts.push_back("unknown: " + entry.workloadUnknown);
        if (!entry.speedupNote.empty()) parts.push_back("no speedup: " + entry.speedupNote);
        if (parts.empty()) continue;
        // Runs with the same note share its line: the study's ten figures once repeated one ten times.
        const std::string text = fmt::format("{}", fmt::join(parts, "; "));
        const auto same = std::find_if(notes.begin(), notes.end(), [&](const auto& note) { return note.second == text; });
        if (same == notes.end())
            notes.emplace_back(fmt::format("#{}", entry.runId), text);
        else
            same->first += fmt::format(" #{}", entry.runId);
    }
    if (!studyReason.empty()) std::cout << wrapText(studyReason, kTableWidth);
    // One line above the table, so that the header is the second: the metric whole, and the baseline.
    std::string above = fmt::format("Metric: {}", comparison.unit);
    if (comparison.baselineRunId)
        above += fmt::format("; baseline: #{} {}", *comparison.baselineRunId, comparison.baselineName);
    else if (!comparison.baselineName.empty())
        above += fmt::format("; baseline: {}", comparison.baselineName);
    std::cout << wrapText(above, kTableWidth, "", "  ");
    // Names first, then the configuration (its start: "workers 2 + media pi…"), then the device: a study baseline
    // dates each device's group, and the rows outgrew 120 columns with the names alone cut.
    table.keepStart(4);
    std::cout << table.render(kTableWidth, std::vector<std::size_t>{1, 4, 3});
    if (!notes.empty()) {
        const std::string dagger = comparison.daggerNote();
        std::cout << wrapText(dagger.empty() ? std::string("Workloads:") : dagger + "; each run's workload:", kTableWidth);
        for (const auto& [ids, text] : notes) std::cout << wrapText(fmt::format("{}: {}", ids, text), kTableWidth, "  ", "      ");
    }
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
                      "Add the published study's figures (August 2023) and BridgeBench's measured tables, the first "
                      "RUN as baseline; when a sample of the first RUN costs other work than the study's (model, "
                      "image size, text length, precision) the metric is TFLOP/s per device unless --metric says "
                      "otherwise");
    addDbOption(*command, options->dbPath);
    command->add_flag("--json", options->json, "Print one JSON document");
    command->footer(
        "Each row gives the metric, the speedup against the baseline, TFLOP/s per device and MFU, and what differs\n"
        "in the workload; where each figure comes from is printed under the table.\n\n"
        "Without --baseline (or --with-study) there is no baseline and no speedups.\n\n"
        "Examples:\n"
        "  bridgebench-cli compare tiny-w0 tiny-w1 --baseline tiny-w0\n"
        "  bridgebench-cli compare tiny-w1 --with-study\n"
        "  bridgebench-cli compare tiny-w0 tiny-w1 --metric mfu --json\n");
    command->callback([options, metric, &state] {
        options->metricGiven = metric->count() > 0;
        state.exitCode = guarded([&] { return compareCommand(*options); });
    });
}

}  // namespace bb::cli
