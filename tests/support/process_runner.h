// Runs a command line through the shell and captures stdout, stderr and the exit code,
// for tests of the built executables.
#pragma once

#include <string>

namespace bb::test {

struct ProcessResult {
    int exitCode = -1;
    std::string out;
    std::string err;
};

ProcessResult runCommand(const std::string& commandLine);

// Quotes one argument for /bin/sh.
std::string shellQuote(const std::string& text);

}  // namespace bb::test
