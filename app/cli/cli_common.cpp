#include "cli/cli_common.h"

#include <iostream>

#include "bridgebench/errors.h"
#include "bridgebench/result_store.h"
#include "bridgebench/run_config.h"

namespace bb::cli {

void noteReadOnly(const ResultStore& store) {
    if (const auto& reason = store.readOnlyReason())
        std::cerr << "note: " << store.file().string() << " opened read-only: " << *reason << '\n';
}

void addDbOption(CLI::App& command, std::string& dbPath) {
    dbPath = defaultDatabasePath().string();
    command.add_option("--db", dbPath, "Results database (default: $BRIDGEBENCH_DB or the user data directory)")
        ->capture_default_str();
}

void applySettings(RunConfig& config, const std::vector<std::string>& settings) {
    for (const auto& setting : settings) {
        const auto equals = setting.find('=');
        if (equals == std::string::npos || equals == 0) throw ConfigError(setting, "--set expects KEY=VALUE");
        applySetting(config, setting.substr(0, equals), setting.substr(equals + 1));
    }
}

std::optional<std::vector<RunRecord>> findRuns(ResultStore& store, const std::vector<std::string>& names) {
    std::vector<RunRecord> runs;
    for (const auto& name : names) {
        auto run = store.findRun(name);
        if (!run) {
            std::cerr << "error: no run '" << name << "' in " << store.file().string() << '\n';
            return std::nullopt;
        }
        runs.push_back(std::move(*run));
    }
    return runs;
}

}  // namespace bb::cli
