// `export` writes runs in other tools' formats and, for html/pdf/png/svg, the report or one of
// its charts; `report` is the same report under its own name.
#include <iostream>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "bridgebench/load_runs.h"
#include "bridgebench/report.h"
#include "bridgebench/run_export.h"
#include "bridgebench/trace_export.h"
#include "cli/cli_common.h"
#include "cli/interrupt.h"

namespace bb::cli {

namespace {

struct ExportOptions {
    std::vector<std::string> runs;
    std::string format;
    std::string out;
    std::string baseline;
    std::string chart = "comparison";
    std::string title = "BridgeBench report";
    std::string dbPath;
    bool json = false;
};

int exportCommand(const ExportOptions& options) {
    ResultStore store(options.dbPath, StoreAccess::Reading);
    noteReadOnly(store);
    auto runs = findRuns(store, options.runs);
    if (!runs) return kExitUsage;
    if (options.format == "trace" && runs->size() != 1) {
        std::cerr << "error: --format trace writes one run's timeline; give one run, not " << runs->size() << '\n';
        return kExitUsage;
    }
    std::optional<std::int64_t> baselineId;
    if (!options.baseline.empty()) {
        const auto baseline = findRuns(store, {options.baseline});
        if (!baseline) return kExitUsage;
        baselineId = baseline->front().id;
        if (std::none_of(runs->begin(), runs->end(), [&](const auto& run) { return run.id == *baselineId; }))
            runs->insert(runs->begin(), baseline->front());
    }
    const bool report = options.format == "html" || options.format == "pdf";
    // The interchange formats read each run's steps from the store as they write them, so that a
    // run of millions of steps is never held whole.
    const bool streamed = options.format == "csv" || options.format == "json" || options.format == "tensorboard";
    ReportInput input{loadRuns(store, *runs, /*withTimeline=*/report, /*withSteps=*/!streamed), baselineId,
                      CompareMetric::SamplesPerSec, options.title, {}};
    const StepSource fromStore = [&store](const RunData& data, const StepVisitor& visit) {
        store.forEachStep(data.run.id, visit);
    };
    // Each file is written beside its place and renamed into it when whole; the first
    // interrupt lets that finish, so what is left is whole or absent (endIfInterrupted).
    InterruptScope interrupt([] {}, "Stopping once the files being written are whole");
    const std::filesystem::path out = options.out;
    std::vector<std::string> files{out.string()};
    nlohmann::json extra = nlohmann::json::object();
    if (options.format == "csv") {
        exportCsv(input.runs, fromStore, out);
    } else if (options.format == "json") {
        exportJson(input.runs, fromStore, out);
    } else if (options.format == "tensorboard") {
        files.clear();
        for (const auto& file : exportTensorBoard(input.runs, fromStore, out)) files.push_back(file.string());
    } else if (options.format == "trace") {
        const std::int64_t id = input.runs.front().run.id;
        exportTrace(input.runs.front(), store.timeline(id), store.ops(id), out);
    } else if (options.format == "html") {
        writeHtmlReport(input, out);
    } else if (options.format == "pdf") {
        extra["pages"] = writePdfReport(input, out);
    } else {
        const auto chart = options.chart == "steps" ? ReportChart::Steps : ReportChart::Comparison;
        if (options.format == "svg")
            writeChartSvg(input, chart, out);
        else
            writeChartPng(input, chart, out);
    }
    if (options.json) {
        nlohmann::json ids = nlohmann::json::array();
        for (const auto& run : *runs) ids.push_back(run.id);
        nlohmann::json result = {{"format", options.format}, {"files", files}, {"runs", ids}};
        result.update(extra);
        std::cout << result.dump(2) << '\n';
    } else {
        std::cout << fmt::format("Wrote {} run{} as {}:\n", runs->size(), runs->size() == 1 ? "" : "s", options.format);
        for (const auto& file : files) std::cout << "  " << file << '\n';
    }
    return kExitOk;
}

void addCommonOptions(CLI::App& command, ExportOptions& options, const std::string& outHelp) {
    command.add_option("RUN", options.runs, "Run ids, unique names or uuids")->required();
    command.add_option("--out", options.out, outHelp)->required();
    command.add_option("--baseline", options.baseline, "The run speedups in reports are measured against");
    command.add_option("--title", options.title, "The report's title")->capture_default_str();
    addDbOption(command, options.dbPath);
    command.add_flag("--json", options.json, "Print the files written as one JSON document");
}

}  // namespace

void registerExportCommand(CLI::App& root, CliState& state) {
    auto options = std::make_shared<ExportOptions>();
    auto* command = root.add_subcommand(
        "export",
        "Write runs as CSV, JSON or TensorBoard event files, a run's timeline as a Perfetto trace, or a report "
        "(html, pdf) or chart (png, svg)");
    addCommonOptions(*command, *options, "The file to write (a folder for tensorboard)");
    command->add_option("--format", options->format, "csv | json | tensorboard | trace | html | pdf | png | svg")
        ->required()
        ->check(CLI::IsMember({"csv", "json", "tensorboard", "trace", "html", "pdf", "png", "svg"}));
    command->add_option("--chart", options->chart, "For png and svg: comparison | steps")
        ->check(CLI::IsMember({"comparison", "steps"}))
        ->capture_default_str();
    command->footer(
        "Examples:\n"
        "  bridgebench-cli export tiny-w0 tiny-w1 --format csv --out runs.csv\n"
        "  bridgebench-cli export tiny-w1 --format tensorboard --out tb/\n"
        "  bridgebench-cli export tiny-w1 --format trace --out tiny-w1.json   (open in ui.perfetto.dev)\n"
        "  bridgebench-cli export tiny-w0 tiny-w1 --format svg --chart steps --out steps.svg\n");
    command->callback([options, &state] { state.exitCode = guarded([&] { return exportCommand(*options); }); });
}

void registerReportCommand(CLI::App& root, CliState& state) {
    auto options = std::make_shared<ExportOptions>();
    auto* command = root.add_subcommand(
        "report", "Write a report on runs (comparison and per-step charts, summary, diagnosis, environment) as HTML "
                  "or PDF, chosen by --format or the file's extension");
    addCommonOptions(*command, *options, "The report to write: FILE.html or FILE.pdf");
    command->add_option("--format", options->format, "html | pdf (default: from --out's extension, else html)")
        ->check(CLI::IsMember({"html", "pdf"}));
    command->footer("Example:\n  bridgebench-cli report tiny-w0 tiny-w1 --baseline tiny-w0 --out report.pdf\n");
    command->callback([options, &state] {
        if (options->format.empty())
            options->format = std::filesystem::path(options->out).extension() == ".pdf" ? "pdf" : "html";
        state.exitCode = guarded([&] { return exportCommand(*options); });
    });
}

}  // namespace bb::cli
