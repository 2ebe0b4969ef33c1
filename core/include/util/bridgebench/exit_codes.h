// The exit codes of bridgebench-cli, one table: the commands return them, every --help prints them
// from here (and so the man page, made from --help), and tests/docs/check_docs.py holds
// docs/cli.md to the same list. Scripts rely on these values (docs/architecture.md).
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace bb {

enum class ExitCode : int {
    Ok = 0,
    RunFailed = 1,
    Usage = 2,
    Input = 3,
    // 128 + the signal, as a shell reports a program the signal ended: run and sweep store the
    // run as cancelled first, then end by the signal so that a script's loop stops too.
    Interrupted = 130,
    Terminated = 143,
};

struct ExitCodeInfo {
    ExitCode code;
    std::string_view meaning;
};

// Every code, in order, with what it means.
const std::vector<ExitCodeInfo>& exitCodes();

// "Exit codes: 0 success, 1 a run failed, ...", on one line.
std::string exitCodesText();

constexpr int toInt(ExitCode code) noexcept { return static_cast<int>(code); }

}  // namespace bb
