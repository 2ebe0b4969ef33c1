// What every fuzz target shares: the input as text, splitting one input into several files, and
// the contract each reader's errors keep. A broken contract aborts, which libFuzzer (and the
// corpus replay) report as a finding.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <string>
#include <string_view>
#include <vector>


namespace bb::fuzz {

inline std::string_view textOf(const std::uint8_t* data, std::size_t size) {
    return {reinterpret_cast<const char*>(data), size};
}

// Targets that read several files take them from one input, cut at this marker (at most
// `parts` pieces; the last keeps any further markers). The dictionaries hold it.
inline constexpr std::string_view kPartSeparator = "\n--8<--\n";

inline std::vector<std::string_view> splitParts(std::string_view input, std::size_t parts) {
    std::vector<std::string_view> pieces;
    while (pieces.size() + 1 < parts) {
        const std::size_t at = input.find(kPartSeparator);
        if (at == std::string_view::npos) break;
        pieces.push_back(input.substr(0, at));
        input.remove_prefix(at + kPartSeparator.size());
    }
    pieces.push_back(input);
    pieces.resize(parts);
    return pieces;
}

[[noreturn]] inline void violated(const char* what, const std::string& detail) {
    std::fprintf(stderr, "fuzz contract violated: %s: %s\n", what, detail.c_str());
    std::abort();
}

// Readers promise errors that say which file is at fault.
inline void expectNamesFile(const std::exception& error, std::string_view fileName) {
    if (std::string_view(error.what()).find(fileName) == std::string_view::npos)
        violated("an error message does not name the file", error.what());
}

inline void expect(bool condition, const char* what, const std::string& detail = {}) {
    if (!condition) violated(what, detail);
}

}  // namespace bb::fuzz
