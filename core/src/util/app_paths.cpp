#include "util/app_paths.h"

#include <cstdlib>
#include <string>
#include <system_error>
#include <vector>

#include "bridgebench/errors.h"
#include "bridgebench/user_guide.h"

namespace bb {

namespace {

std::filesystem::path fromEnvironment(const char* name) {
    const char* value = std::getenv(name);
    return value && *value ? std::filesystem::path(value) : std::filesystem::path();
}

std::filesystem::path installedShareDir() {
    std::error_code error;
    const auto executable = std::filesystem::read_symlink("/proc/self/exe", error);
    if (error) return {};
    // PREFIX/bin/bridgebench-cli → PREFIX/share/bridgebench
    return executable.parent_path().parent_path() / "share" / "bridgebench";
}

}  // namespace

std::filesystem::path resourcePath(std::string_view relative) {
    std::vector<std::filesystem::path> roots;
    if (auto configured = fromEnvironment("BRIDGEBENCH_RESOURCE_DIR"); !configured.empty()) roots.push_back(configured);
    if (auto installed = installedShareDir(); !installed.empty()) roots.push_back(installed);
    roots.emplace_back(BB_SOURCE_RESOURCE_DIR);

    std::string searched;
    for (const auto& root : roots) {
        const auto candidate = root / relative;
        std::error_code error;
        if (std::filesystem::exists(candidate, error)) return candidate;
        searched += (searched.empty() ? "" : ", ") + candidate.string();
    }
    throw InputError("resource '" + std::string(relative) + "' not found (searched " + searched +
                     "; set BRIDGEBENCH_RESOURCE_DIR to the folder holding it)");
}

std::filesystem::path userGuideFile() {
    std::vector<std::filesystem::path> candidates;
    // PREFIX/share/bridgebench → PREFIX/share/doc/bridgebench, where the package installs it.
    if (auto installed = installedShareDir(); !installed.empty())
        candidates.push_back(installed.parent_path() / "doc" / "bridgebench" / "README.md");
    candidates.push_back(std::filesystem::path(BB_SOURCE_RESOURCE_DIR).parent_path() / "README.md");
    for (const auto& candidate : candidates) {
        std::error_code error;
        if (std::filesystem::is_regular_file(candidate, error)) return candidate;
    }
    return {};
}

std::filesystem::path cacheDirectory() {
    if (auto configured = fromEnvironment("BRIDGEBENCH_CACHE_DIR"); !configured.empty()) return configured;
    if (auto xdg = fromEnvironment("XDG_CACHE_HOME"); !xdg.empty()) return xdg / "bridgebench";
    if (auto home = fromEnvironment("HOME"); !home.empty()) return home / ".cache" / "bridgebench";
    return std::filesystem::temp_directory_path() / "bridgebench-cache";
}

}  // namespace bb
