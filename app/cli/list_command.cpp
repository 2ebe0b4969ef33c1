#include <algorithm>
#include <functional>
#include <iostream>

#include <fmt/format.h>

#include "bridgebench/run_comparison.h"

#include "bridgebench/result_store.h"
#include "bridgebench/run_json.h"
#include "bridgebench/run_samples_per_sec.h"
#include "bridgebench/study_runs.h"
#include "cli/cli_common.h"
#include "cli/figure_text.h"
#include "cli/text_table.h"
#include "cli/text_wrap.h"

namespace bb::cli {

namespace {

constexpr std::size_t kListWidth = 120;

// The record's JSON form (run_json.h) without the nested config, environment and summary,
// which `show` prints; the headline figure comes up to the top level instead.
nlohmann::json runToJson(const RunRecord& run) {
    nlohmann::json listed = runRecordToJson(run);
    for (const char* nested : {"config", "environment", "summary"}) listed.erase(nested);
    // null where the run has no such figure (a headline-only import has no median step).
    const auto orNull = [](const std::optional<double>& value) { return value ? nlohmann::json(*value) : nlohmann::json(); };
    listed["samples_per_s"] = orNull(headlineSamplesPerSec(run.summary));
    listed["median_samples_per_s"] = orNull(run.summary.medianSamplesPerSec);
    // The environment, which says so, is left out above: the list says it as the text list does.
    if (run.deviceCount) listed["device_count_inferred"] = run.environment.inferred.contains("device_count");
    return listed;
}

// The published study's figures, the tables BridgeBench measured itself and the user's own runs are
// different sources (a 2026 H200 table is not the study), so each has its own table under its own
// heading rather than one "reference" word in a column.
struct ListSection {
    std::string heading;
    std::vector<RunRecord> runs;
    bool showSource = false;
};

std::vector<ListSection> listSections(const std::vector<RunRecord>& runs) {
    ListSection published{"Published study (Hugging Face, 2023)", {}, false};
    ListSection measured{"Measured by BridgeBench (reference tables)", {}, false};
    ListSection peers{"Measured with a peer on the same machines (reference tables)", {}, false};
    ListSection yours{"Your runs", {}, true};
    for (const auto& run : runs) {
        if (isPublishedFigure(run))
            published.runs.push_back(run);
        else if (isPeerReference(run))
            peers.runs.push_back(run);
        else if (isMeasuredReference(run))
            measured.runs.push_back(run);
        else
            yours.runs.push_back(run);
    }
    std::vector<ListSection> sections;
    for (auto* section : {&published, &measured, &peers, &yours})
        if (!section->runs.empty()) sections.push_back(std::move(*section));
    return sections;
}

struct ListColumn {
    const char* header;
    std::function<std::string(const RunRecord&)> cell;
    bool liftable;  // may go above the table when every row holds the same value
};

std::vector<ListColumn> listColumns(bool showSource) {
    std::vector<ListColumn> columns = {
        {"id", [](const RunRecord& run) { return std::to_string(run.id); }, false},
        {"name", [](const RunRecord& run) { return run.name; }, false},
    };
    if (showSource) columns.push_back({"source", [](const RunRecord& run) { return std::string(storedSource(run.origin)); }, true});
    const std::vector<ListColumn> rest = {
        {"status", [](const RunRecord& run) { return std::string(toString(run.status)); }, true},
        // Narrow, as the list is: "?x" where the count is unknown, "(inferred)" where an import inferred it.
        {"device",
         [](const RunRecord& run) {
             const std::string count = run.deviceCount ? std::to_string(*run.deviceCount) : "?";
             return fmt::format("{}x {}{}", count, run.deviceName, deviceCountInferred(run) ? " (inferred)" : "");
         },
         true},
        {"model", [](const RunRecord& run) { return run.model; }, true},
        {"batch", [](const RunRecord& run) { return run.batchSize ? std::to_string(*run.batchSize) : "-"; }, true},
        {"prec", [](const RunRecord& run) { return run.precision.empty() ? "-" : run.precision; }, true},
        {"workers", [](const RunRecord& run) { return run.workers ? std::to_string(*run.workers) : "-"; }, false},
        {"dev-tf", [](const RunRecord& run) { return run.deviceTransforms ? (*run.deviceTransforms ? "on" : "off") : "-"; },
         false},
        {"samples/s",
         [](const RunRecord& run) {
             const auto samplesPerSec = headlineSamplesPerSec(run.summary);
             return samplesPerSec ? samplesPerSecText(*samplesPerSec) : std::string("-");
         },
         false},
        // The date alone: ids already order the runs, and `show` gives the time.
        {"created", [](const RunRecord& run) { return run.createdAt.substr(0, 10); }, true},
    };
    columns.insert(columns.end(), rest.begin(), rest.end());
    return columns;
}

// What every row of a section shares goes above its table ("model large · prec bf16"), so that the
// rows keep room for what tells them apart and the table fits kListWidth columns.
std::string renderSection(const ListSection& section) {
    const auto columns = listColumns(section.showSource);
    std::vector<std::vector<std::string>> cells(section.runs.size());
    for (std::size_t r = 0; r < section.runs.size(); ++r)
        for (const auto& column : columns) cells[r].push_back(column.cell(section.runs[r]));
    std::vector<std::size_t> kept;
    std::vector<std::string> shared;
    for (std::size_t c = 0; c < columns.size(); ++c) {
        const bool same = section.runs.size() > 1 && std::all_of(cells.begin(), cells.end(), [&](const auto& row) {
                              return row[c] == cells.front()[c];
                          });
        // A value no row has is said nowhere: not "model" with nothing after it in the heading.
        if (columns[c].liftable && same) {
            if (!cells.front()[c].empty()) shared.push_back(fmt::format("{} {}", columns[c].header, cells.front()[c]));
        } else {
            kept.push_back(c);
        }
    }
    std::vector<std::string> header;
    std::vector<std::size_t> shrink;
    for (std::size_t k = 0; k < kept.size(); ++k) {
        header.emplace_back(columns[kept[k]].header);
        const std::string_view name = columns[kept[k]].header;
        if (name == "model") shrink.insert(shrink.begin(), k);
        if (name == "name") shrink.push_back(k);
    }
    TextTable table(header);
    for (const auto& row : cells) {
        std::vector<std::string> shown;
        for (const auto c : kept) shown.push_back(row[c]);
        table.addRow(std::move(shown));
    }
    std::string heading = fmt::format("{}: {} run{}", section.heading, section.runs.size(),
                                      section.runs.size() == 1 ? "" : "s");
    if (!shared.empty()) heading += fmt::format("; all {}", fmt::join(shared, " · "));
    return wrapText(heading, kListWidth, "", "  ") + table.render(kListWidth, shrink);
}

int listCommand(const std::string& dbPath, bool json) {
    ResultStore store(dbPath, StoreAccess::Reading);
    noteReadOnly(store);
    const auto runs = store.listRuns();
    for (const auto& run : runs)
        for (const auto& problem : run.unreadable)
            std::cerr << fmt::format("warning: {}: run {} \"{}\": {}\n", dbPath, run.id, run.name, problem);
    if (json) {
        nlohmann::json out = nlohmann::json::array();
        for (const auto& run : runs) out.push_back(runToJson(run));
        std::cout << out.dump(2) << '\n';
        return kExitOk;
    }
    bool first = true;
    for (const auto& section : listSections(runs)) {
        std::cout << (first ? "" : "\n") << renderSection(section);
        first = false;
    }
    return kExitOk;
}

}  // namespace

void registerListCommand(CLI::App& root, CliState& state) {
    struct Options {
        std::string dbPath;
        bool json = false;
    };
    auto options = std::make_shared<Options>();
    auto* command = root.add_subcommand("list", "List the runs in the database, reference runs included");
    addDbOption(*command, options->dbPath);
    command->add_flag("--json", options->json, "Print the runs as a JSON array");
    command->footer("Examples:\n  bridgebench-cli list\n  bridgebench-cli list --db results.db --json\n");
    command->callback(
        [options, &state] { state.exitCode = guarded([&] { return listCommand(options->dbPath, options->json); }); });
}

}  // namespace bb::cli
