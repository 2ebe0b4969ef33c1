#include <cmath>
#include <algorithm>
#include <iostream>
#include <string>

#include <fmt/format.h>

#include "bridgebench/diagnosis.h"
#include "bridgebench/diagnosis_timeline.h"
#include "bridgebench/errors.h"
#include "bridgebench/result_store.h"
#include "bridgebench/run_mfu.h"
#include "bridgebench/timeline_summary.h"
#include "cli/cli_common.h"
#include "cli/ops_section.h"
#include "cli/text_table.h"

namespace bb::cli {

namespace {

nlohmann::json throughputJson(const RunFlops& flops, const RunMfu& mfu) {
    auto orNull = [](bool known, double value) { return known ? nlohmann::json(value) : nlohmann::json(); };
    return {{"flops_per_sample", orNull(flops.flopsPerSample > 0, flops.flopsPerSample)},
            {"achieved_tflops", orNull(flops.known(), flops.achievedFlopsPerSec / 1e12)},
            {"achieved_tflops_per_device", orNull(flops.perDeviceKnown(), flops.achievedFlopsPerSecPerDevice / 1e12)},
            {"basis", flops.basis},
            {"unknown_because", flops.known() ? nlohmann::json() : nlohmann::json(flops.unknownWhy)},
            {"assumptions", flops.assumptions},
            {"mfu", orNull(mfu.known(), mfu.mfu)},
            {"peak_tflops_per_device", orNull(mfu.peakFlopsPerSec > 0, mfu.peakFlopsPerSec / 1e12)},
            {"peak_source", mfu.peakSource},
            {"mfu_assumptions", mfu.assumptions},
            {"no_mfu_because", mfu.reason}};
}

// Three significant digits from a CPU's 0.00991 to a cluster's 1260, never "1.26e+03".
std::string tflopsFigure(double value) { return value >= 100 ? fmt::format("{:.0f}", value) : fmt::format("{:.3g}", value); }

void printThroughput(const RunFlops& flops, const RunMfu& mfu) {
    if (flops.known())
        std::cout << fmt::format("Achieved: {} TFLOP/s ({} per device), {}\n", tflopsFigure(flops.achievedFlopsPerSec / 1e12),
                                 flops.perDeviceKnown() ? tflopsFigure(flops.achievedFlopsPerSecPerDevice / 1e12)
                                                        : std::string("device count unknown, none"),
                                 flops.basis);
    else
        std::cout << "Achieved: TFLOP/s unknown (" << flops.unknownWhy << ")\n";
    for (const auto& assumption : flops.assumptions) std::cout << "  assumes: " << assumption << '\n';
    if (mfu.known())
        std::cout << fmt::format("MFU: {:.3g}% of {}\n", mfu.mfu * 100, mfu.peakSource);
    else
        std::cout << "MFU: none: " << mfu.reason << '\n';
    for (const auto& assumption : mfu.assumptions) std::cout << "  assumes: " << assumption << '\n';
}

// The stored figures to six significant digits, nested ones too: a measurement is not known to
// seventeen ("available_cores_at_start 1.7827410200000002"), and dump() would print 1.81316e10
// rounded as 18131600000.0. --json keeps them exact.
std::string readable(const nlohmann::json& value) {
    if (value.is_number_float()) {
        const double number = value.get<double>();
        // FLOP/s in whole numbers ("9909310000", not "9.90931e+09"), still to six significant digits.
        if (std::abs(number) >= 1e6 && std::abs(number) < 1e18)
            return fmt::format("{:.0f}", std::stod(fmt::format("{:.6g}", number)));
        return fmt::format("{:.6g}", number);
    }
    if (value.is_array()) {
        std::string out = "[";
        for (const auto& item : value) out += (out.size() > 1 ? "," : "") + readable(item);
        return out + "]";
    }
    if (value.is_object()) {
        std::string out = "{";
        for (const auto& [key, item] : value.items())
            out += (out.size() > 1 ? "," : "") + nlohmann::json(key).dump() + ":" + readable(item);
        return out + "}";
    }
    return value.dump();
}

nlohmann::json timelineJson(const TimelineSummary& timeline) {
    if (timeline.spans == 0) return nullptr;
    nlohmann::json workers = nlohmann::json::array();
    for (const auto& worker : timeline.workers) workers.push_back({{"worker", worker.lane + 1}, {"busy_share", worker.busyShare}});
    nlohmann::json ranks = nlohmann::json::array();
    for (const auto& rank : timeline.ranks)
        ranks.push_back({{"rank", rank.rank}, {"median_late_ms", rank.medianLateMs}, {"median_busy_ms", rank.medianBusyMs}});
    return {{"spans", timeline.spans},
            {"steps_recorded", timeline.stepsRecorded},
            {"waited_for_most", timeline.waitedForMost.empty() ? nlohmann::json() : nlohmann::json(timeline.waitedForMost)},
            {"steps_waiting_for_it", timeline.stepsWaitingForIt},
            {"median_longest_wait_ms", timeline.medianLongestWaitMs},
            {"workers", workers},
            {"ranks", ranks},
            {"straggler", timeline.straggler ? nlohmann::json(*timeline.straggler) : nlohmann::json()},
            {"straggler_slower_by", timeline.straggler ? nlohmann::json(timeline.stragglerSlowerBy) : nlohmann::json()}};
}

// The stored summary with each figure the run did not measure named: `unknown` (null in --json),
// never left to look like a 0 or to be missed. A headline is stored as median_samples_per_s (the
// study's figures, an import's train_samples_per_second, with "headline" naming it): it stays.
nlohmann::json summaryWithUnknowns(const RunSummary& summary, const nlohmann::json& unknown) {
    nlohmann::json out = summary;
    for (const auto& [key, value] : summaryFigures(summary))
        if (!value && !out.contains(key)) out[key] = unknown;
    return out;
}

void printJsonObject(const std::string& title, const nlohmann::json& object) {
    std::cout << title << ":\n";
    // One column of values per section, past its longest key ("intra_op_threads_instead_of").
    std::size_t width = 24;
    for (const auto& [key, value] : object.items()) width = std::max(width, key.size());
    for (const auto& [key, value] : object.items())
        std::cout << fmt::format("  {:<{}} {}\n", key, width, value.is_string() ? value.get<std::string>() : readable(value));
}

int showCommand(const std::string& dbPath, const std::string& runName, bool json) {
    ResultStore store(dbPath, StoreAccess::Reading);
    noteReadOnly(store);
    const auto run = store.findRun(runName);
    if (!run) {
        std::cerr << fmt::format("error: no run '{}' in {}\n", runName, dbPath);
        return kExitUsage;
    }
    const auto steps = store.steps(run->id);
    nlohmann::json diagnosisJson = nullptr;
    std::optional<Diagnosis> diagnosis;
    const TimelineSummary timeline = summarizeTimeline(store.timeline(run->id));
    if (canDiagnose(steps)) {
        diagnosis = diagnose(profileRun(*run, steps));
        addTimelineEvidence(*diagnosis, timeline);
        diagnosisJson = *diagnosis;
    }
    const RunFlops flops = runFlops(*run);
    const RunMfu mfu = runMfu(*run, flops);
    const std::vector<OpEvent> ops = store.ops(run->id);
    if (json) {
        std::cout << nlohmann::json{{"id", run->id},
                                    {"uuid", run->uuid},
                                    {"name", run->name},
                                    {"source", std::string(storedSource(run->origin))},
                                    {"status", std::string(toString(run->status))},
                                    {"error", run->error},
                                    {"device_kind", run->deviceKind},
                                    {"device_name", run->deviceName},
                                    {"device_count", run->deviceCount ? nlohmann::json(*run->deviceCount) : nlohmann::json()},
                                    {"created_at", run->createdAt},
                                    {"finished_at", run->finishedAt},
                                    {"steps_stored", steps.size()},
                                    {"config", run->config},
                                    {"environment", run->environment},
                                    {"summary", summaryWithUnknowns(run->summary, nullptr)},
                                    {"unreadable", run->unreadable},
                                    {"throughput", throughputJson(flops, mfu)},
                                    {"diagnosis", diagnosisJson},
                                    {"timeline", timelineJson(timeline)},
                                    {"profile", opsJson(*run, ops)}}
                         .dump(2)
                  << '\n';
        return kExitOk;
    }
    std::cout << fmt::format("Run {} \"{}\" ({}, {})\n", run->id, run->name, storedSource(run->origin), toString(run->status));
    if (!run->error.empty()) std::cout << "  error: " << run->error << '\n';
    std::cout << fmt::format("  device: {} ({}), created {}, finished {}\n", runDeviceLabel(*run),
                             run->deviceKind, run->createdAt, run->finishedAt.empty() ? "-" : run->finishedAt);
    for (const auto& problem : run->unreadable) std::cout << "  unreadable in the database: " << problem << '\n';
    printJsonObject("Config", run->config);
    printJsonObject("Environment", run->environment);
    printJsonObject("Summary", summaryWithUnknowns(run->summary, "unknown"));
    printThroughput(flops, mfu);
    if (timeline.spans == 0) {
        std::cout << "Timeline: none recorded (the run had timeline=off, was imported, or was stored before "
                     "BridgeBench recorded timelines)\n";
    } else {
        std::cout << "Timeline (export it with --format trace):\n";
        for (const auto& line : describeTimeline(timeline)) std::cout << "  " << line << '\n';
    }
    std::cout << opsText(*run, ops);
    if (diagnosis) {
        std::cout << "Diagnosis:\n  " << diagnosis->explanation << '\n';
        for (const auto& evidence : diagnosis->evidence) std::cout << "  timeline: " << evidence.text << '\n';
        for (const auto& warning : diagnosis->warnings) std::cout << "  warning: " << warning.text << '\n';
        for (const auto& assumption : diagnosis->assumptions) std::cout << "  assumes: " << assumption.text << '\n';
        // On a GPU the compute threads do not change the step (the diagnosis predicts none from
        // them), so a column of counts would only say something that is not so.
        const bool threads = diagnosis->profile.cpuDevice;
        auto row = [threads](std::vector<std::string> cells, std::string threadCount) {
            if (threads) cells.insert(cells.begin() + 1, std::move(threadCount));
            return cells;
        };
        TextTable table(row({"workers", "device transforms", "predicted samples/s", "step ms", ""}, "compute threads"));
        for (const auto& p : diagnosis->predictions)
            table.addRow(row({std::to_string(p.workers), p.deviceTransforms ? "on" : "off",
                              fmt::format("{:.1f}", p.samplesPerSec), fmt::format("{:.1f}", p.stepMs),
                              p.isMeasuredSetting ? "(this run's setting)" : ""},
                             std::to_string(p.threads)));
        std::cout << table.render();
        if (!diagnosis->rankPredictions.empty()) {
            TextTable ranks({"ranks", "all-reduce wait ms", "predicted samples/s (all ranks)", ""});
            for (const auto& p : diagnosis->rankPredictions)
                ranks.addRow({std::to_string(p.ranks), fmt::format("{:.1f}", p.commMs),
                              fmt::format("{:.1f}", p.samplesPerSec), p.isMeasuredSetting ? "(this run)" : ""});
            std::cout << ranks.render();
        }
    } else {
        std::cout << (steps.empty() ? "Diagnosis: no per-step data stored for this run.\n"
                                    : "Diagnosis: the steps hold wall-clock times only (imported logs), not the data-wait "
                                      "and compute parts it needs.\n");
    }
    return kExitOk;
}

}  // namespace

void registerShowCommand(CLI::App& root, CliState& state) {
    struct Options {
        std::string dbPath;
        std::string run;
        bool json = false;
    };
    auto options = std::make_shared<Options>();
    auto* command = root.add_subcommand("show", "Show a run's config, environment, summary and diagnosis");
    command->add_option("RUN", options->run, "Run id, unique name or uuid")->required();
    addDbOption(*command, options->dbPath);
    command->add_flag("--json", options->json, "Print one JSON document");
    command->footer(
        "The diagnosis says whether the run was input- or compute-bound and predicts samples/s for other loader\n"
        "workers and device-transform settings.\n\n"
        "Examples:\n  bridgebench-cli show tiny-w1\n  bridgebench-cli show 12 --json   (one of the study's published figures)\n");
    command->callback([options, &state] {
        state.exitCode = guarded([&] { return showCommand(options->dbPath, options->run, options->json); });
    });
}

}  // namespace bb::cli
