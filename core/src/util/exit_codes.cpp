#include "bridgebench/exit_codes.h"

#include <fmt/format.h>

namespace bb {

const std::vector<ExitCodeInfo>& exitCodes() {
    static const std::vector<ExitCodeInfo> codes = {
        {ExitCode::Ok, "success (a run completed)"},
        {ExitCode::RunFailed, "a run failed"},
        {ExitCode::Usage, "invalid usage or config, or a RUN not found or ambiguous"},
        {ExitCode::Input, "an input file or database unreadable or malformed"},
        {ExitCode::Interrupted, "stopped by Ctrl-C (SIGINT)"},
        {ExitCode::Terminated, "stopped by SIGTERM"},
    };
    return codes;
}

std::string exitCodesText() {
    std::string text = "Exit codes:";
    const auto& codes = exitCodes();
    for (std::size_t i = 0; i < codes.size(); ++i)
        text += fmt::format(" {} {}{}", toInt(codes[i].code), codes[i].meaning, i + 1 < codes.size() ? "," : ".");
    return text;
}

}  // namespace bb
