#include "bridgebench/build_info.h"

#include <opencv2/core/version.hpp>
#include <sqlite3.h>
#include <ATen/Context.h>
#include <torch/version.h>
// jconfig.h carries libjpeg-turbo's version; it needs <cstdio> first for FILE. It comes with
// libjpeg's headers (libjpeg62-turbo-dev), not TurboJPEG's (libturbojpeg0-dev), so a build with only
// TurboJPEG's (Debian trixie's chroot, a GPU server's carried packages) goes without the version.
#include <cstdio>
#if __has_include(<jconfig.h>)
#include <jconfig.h>
#endif

namespace bb::detail {
extern const char* const kAppVersion;
extern const char* const kGitCommit;
extern const char* const kSourceTree;
}  // namespace bb::detail

namespace bb {

#define BB_STRINGIFY_INNER(x) #x
#define BB_STRINGIFY(x) BB_STRINGIFY_INNER(x)

BuildInfo buildInfo() {
    BuildInfo info;
    info.appVersion = detail::kAppVersion;
    info.gitCommit = detail::kGitCommit;
    info.sourceTree = detail::kSourceTree;
    info.torchVersion = TORCH_VERSION;
    info.opencvVersion = CV_VERSION;
    info.sqliteVersion = sqlite3_libversion();
#ifdef LIBJPEG_TURBO_VERSION
    info.jpegTurboVersion = BB_STRINGIFY(LIBJPEG_TURBO_VERSION);
#endif
    info.torchHasCuda = at::hasCUDA();
    return info;
}

std::string formatBuildInfo(const BuildInfo& info) {
    std::string text;
    text += "BridgeBench " + info.appVersion + " (commit " + info.gitCommit +
            (info.sourceTree.empty() ? "" : ", tree " + info.sourceTree) + ")\n";
    text += "LibTorch " + info.torchVersion + (info.torchHasCuda ? " (CUDA)" : " (CPU)") + "\n";
    text += "OpenCV " + info.opencvVersion + "\n";
    text += "SQLite " + info.sqliteVersion + "\n";
    if (!info.jpegTurboVersion.empty()) text += "libjpeg-turbo " + info.jpegTurboVersion + "\n";
    return text;
}

}  // namespace bb
