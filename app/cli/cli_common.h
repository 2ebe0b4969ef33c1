// Shared pieces of the bridgebench-cli subcommands: exit codes, the options every data
// command has, and the registration signature each command file implements.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "bridgebench/exit_codes.h"
#include "bridgebench/result_store.h"

namespace bb {
struct RunConfig;
}

namespace bb::cli {

// core's table (bridgebench/exit_codes.h), as the ints a command returns.
inline constexpr int kExitOk = toInt(ExitCode::Ok);
inline constexpr int kExitRunFailed = toInt(ExitCode::RunFailed);
inline constexpr int kExitUsage = toInt(ExitCode::Usage);
inline constexpr int kExitInput = toInt(ExitCode::Input);

// Filled by CLI11 while parsing; a command's callback stores its exit code here.
struct CliState {
    int exitCode = kExitOk;
};

// For commands that only read: says on stderr when `store` had to be opened read-only, and why.
void noteReadOnly(const ResultStore& store);

// Adds `--db FILE` (default: bb::defaultDatabasePath()) to a subcommand.
void addDbOption(CLI::App& command, std::string& dbPath);

// Applies `--set KEY=VALUE` options in order; ConfigError names the key.
void applySettings(RunConfig& config, const std::vector<std::string>& settings);

// Each run by id, unique name or uuid, in the order given. When one is not there, prints
// "error: no run 'X' in DB" and returns nullopt (the command then exits kExitUsage).
std::optional<std::vector<RunRecord>> findRuns(ResultStore& store, const std::vector<std::string>& names);

// Runs `body`, translating core's typed errors into a message on stderr and an exit code.
template <typename Body>
int guarded(Body&& body);

// Implemented by each command file; main_cli.cpp calls them in order.
void registerRunCommand(CLI::App& root, CliState& state);
void registerListCommand(CLI::App& root, CliState& state);
void registerShowCommand(CLI::App& root, CliState& state);
void registerSweepCommand(CLI::App& root, CliState& state);
void registerModelCommand(CLI::App& root, CliState& state);
void registerTokenizeCommand(CLI::App& root, CliState& state);
void registerDatasetCommand(CLI::App& root, CliState& state);
void registerBenchCommand(CLI::App& root, CliState& state);
void registerImportCommand(CLI::App& root, CliState& state);
void registerExportCommand(CLI::App& root, CliState& state);
void registerCompareCommand(CLI::App& root, CliState& state);
void registerReportCommand(CLI::App& root, CliState& state);

}  // namespace bb::cli

#include "cli/cli_common_impl.h"
