// The built bridgebench-cli as a shell command line, for the CLI tests (BB_CLI_PATH is the
// cli_tests target's definition): cli("show 3 --json") and a quoted path, q(db); runCli runs it.
#pragma once

#include <filesystem>
#include <string>

#include "support/process_runner.h"

namespace bb::test {

inline std::string cli(const std::string& arguments) { return shellQuote(BB_CLI_PATH) + " " + arguments; }
inline std::string q(const std::filesystem::path& path) { return shellQuote(path.string()); }
// Runs it: runCli("list --json --db " + q(db)).
inline ProcessResult runCli(const std::string& arguments) { return runCommand(cli(arguments)); }

}  // namespace bb::test
