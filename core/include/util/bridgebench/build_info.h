// Versions of the app and of the libraries it was built against, for --version and the
// environment record of every run.
#pragma once

#include <string>

namespace bb {

struct BuildInfo {
    std::string appVersion;
    std::string gitCommit;
    // The hash of the source tree built (12 digits), where it differs from gitCommit's: empty
    // for a clean checkout.
    std::string sourceTree;
    std::string torchVersion;
    std::string opencvVersion;
    std::string sqliteVersion;
    std::string jpegTurboVersion;
    bool torchHasCuda = false;
};

BuildInfo buildInfo();

// Multi-line human-readable form used by both executables' --version.
std::string formatBuildInfo(const BuildInfo& info);

}  // namespace bb
