#include "support/process_runner.h"

#include <sys/wait.h>

#include <cstdio>
#include <fstream>
#include <sstream>

#include "support/temp_dir.h"

namespace bb::test {

ProcessResult runCommand(const std::string& commandLine) {
    TempDir dir;
    const auto outFile = dir.file("stdout");
    const auto errFile = dir.file("stderr");
    const std::string full = commandLine + " >" + shellQuote(outFile.string()) + " 2>" + shellQuote(errFile.string());
    ProcessResult result;
    const int status = std::system(full.c_str());
    result.exitCode = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    auto slurp = [](const std::filesystem::path& file) {
        std::ifstream in(file);
        std::stringstream buffer;
        buffer << in.rdbuf();
        return buffer.str();
    };
    result.out = slurp(outFile);
    result.err = slurp(errFile);
    return result;
}

std::string shellQuote(const std::string& text) {
    std::string quoted = "'";
    for (char c : text) quoted += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return quoted + "'";
}

}  // namespace bb::test
