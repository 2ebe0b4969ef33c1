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

std::string exitCodesText(std::size_t width) {
    std::string text = "Exit codes:";
    const auto& codes = exitCodes();
    for (std::size_t i = 0; i < codes.size(); ++i)
        text += fmt::format(" {} {}{}", toInt(codes[i].code), codes[i].meaning, i + 1 < codes.size() ? "," : ".");
    // Word by word, as a terminal's --help reads best.
    std::string out;
    std::size_t lineStart = 0;
    std::size_t at = 0;
    while (at < text.size()) {
        const std::size_t space = text.find(' ', at);
        const std::string word = text.substr(at, space == std::string::npos ? std::string::npos : space - at);
        if (out.size() > lineStart && out.size() - lineStart + 1 + word.size() > width) {
            out += '\n';
            lineStart = out.size();
        } else if (out.size() > lineStart) {
            out += ' ';
        }
        out += word;
        at = space == std::string::npos ? text.size() : space + 1;
    }
    return out;
}

}  // namespace bb
