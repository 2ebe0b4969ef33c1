#include <iostream>

#include <fmt/format.h>

#include "bridgebench/run_comparison.h"

#include "bridgebench/result_store.h"
#include "bridgebench/run_json.h"
#include "bridgebench/run_samples_per_sec.h"
#include "cli/cli_common.h"
#include "cli/text_table.h"

namespace bb::cli {

namespace {

// The record's JSON form (run_json.h) without the nested config, environment and summary,
// which `show` prints; the headline figure comes up to the top level instead.
nlohmann::json runToJson(const RunRecord& run) {
    nlohmann::json listed = runRecordToJson(run);
    for (const char* nested : {"config", "environment", "summary"}) listed.erase(nested);
    listed["samples_per_s"] = runSamplesPerSec(run);
    listed["median_samples_per_s"] = run.summary.value("median_samples_per_s", 0.0);
    return listed;
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
    TextTable table({"id", "name", "source", "status", "device", "model", "batch", "prec", "workers", "dev-tf",
                     "samples/s", "created"});
    for (const auto& run : runs) {
        table.addRow({std::to_string(run.id), run.name, run.source, std::string(toString(run.status)),
                      fmt::format("{}x {}", run.deviceCount, run.deviceName), run.model,
                      run.batchSize > 0 ? std::to_string(run.batchSize) : "-", run.precision.empty() ? "-" : run.precision,
                      runWorkersKnown(run) ? std::to_string(run.workers) : "-",
                      run.deviceTransforms ? "on" : "off",
                      fmt::format("{:.1f}", runSamplesPerSec(run)), run.createdAt});
    }
    std::cout << table.render();
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
