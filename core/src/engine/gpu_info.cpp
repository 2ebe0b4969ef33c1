#include "engine/gpu_info.h"

#include <algorithm>
#include <fstream>
#include <regex>

namespace bb {

namespace {

std::string trimmed(std::string text) {
    const auto first = text.find_first_not_of(" \t");
    const auto last = text.find_last_not_of(" \t\r\n");
    return first == std::string::npos ? std::string() : text.substr(first, last - first + 1);
}

}  // namespace

GpuInfo readNvidiaGpuInfo(const std::filesystem::path& root) {
    GpuInfo info;
    std::error_code error;
    std::vector<std::filesystem::path> gpus;
    for (const auto& entry : std::filesystem::directory_iterator(root / "gpus", error)) gpus.push_back(entry.path());
    std::sort(gpus.begin(), gpus.end());  // bus ids: the order nvidia-smi uses
    for (const auto& gpu : gpus) {
        std::ifstream in(gpu / "information");
        for (std::string line; std::getline(in, line);) {
            if (line.rfind("Model:", 0) == 0) {
                info.names.push_back(trimmed(line.substr(6)));
                break;
            }
        }
    }
    // "NVRM version: NVIDIA UNIX x86_64 Kernel Module  550.54.15  Tue Mar  5 ..."
    std::ifstream version(root / "version");
    std::string line;
    if (std::getline(version, line)) {
        static const std::regex kVersion(R"(Kernel Module\s+([0-9][0-9.]*))");
        std::smatch match;
        if (std::regex_search(line, match, kVersion)) info.driverVersion = match[1];
    }
    return info;
}

}  // namespace bb
