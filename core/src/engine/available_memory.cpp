#include "engine/available_memory.h"

#include <algorithm>
#include <charconv>
#include <filesystem>
#include <fstream>
#include <string_view>

#include <fmt/format.h>

namespace bb {

namespace {

std::optional<std::int64_t> numberIn(std::string_view text) {
    while (!text.empty() && (text.front() == ' ' || text.front() == '\t')) text.remove_prefix(1);
    std::int64_t value = 0;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (error != std::errc() || end == text.data()) return std::nullopt;
    return value;
}

std::optional<std::int64_t> numberInFile(const std::filesystem::path& file) {
    std::ifstream in(file);
    std::string text;
    if (!std::getline(in, text)) return std::nullopt;
    return numberIn(text);  // "max" (no limit) is no number
}

std::optional<std::int64_t> memAvailableBytes() {
    std::ifstream meminfo("/proc/meminfo");
    std::string line;
    while (std::getline(meminfo, line)) {
        constexpr std::string_view kKey = "MemAvailable:";
        if (std::string_view(line).starts_with(kKey)) {
            const auto kib = numberIn(std::string_view(line).substr(kKey.size()));
            if (kib) return *kib * 1024;
        }
    }
    return std::nullopt;
}

// What the tightest cgroup above this process still allows, at every level of its path up to the
// hierarchy's root, as the kernel counts it. In a container's cgroup namespace the group's path
// may not be there as /proc/self/cgroup names it; its root is the container's own group.
std::optional<std::int64_t> cgroupAllowsBytes() {
    std::optional<std::int64_t> tightest;
    auto walk = [&](const std::string& root, const std::string& relative, const char* limitFile, const char* usageFile) {
        std::string group = std::filesystem::path(root + "/" + relative).lexically_normal().string();
        while (group.size() > root.size() && group.back() == '/') group.pop_back();
        for (;;) {
            const auto limit = numberInFile(group + "/" + limitFile);
            const auto usage = numberInFile(group + "/" + usageFile);
            // "max" is no limit; v1 says so with a number near 2^63.
            if (limit && usage && *limit < (std::int64_t{1} << 60)) {
                const std::int64_t left = std::max<std::int64_t>(0, *limit - *usage);
                if (!tightest || left < *tightest) tightest = left;
            }
            if (group.size() <= root.size()) break;
            group = std::filesystem::path(group).parent_path().string();
        }
    };
    std::ifstream cgroups("/proc/self/cgroup");
    std::string line;
    while (std::getline(cgroups, line)) {
        if (line.starts_with("0::")) {
            walk("/sys/fs/cgroup", line.substr(3), "memory.max", "memory.current");
        } else if (const auto at = line.find(":memory:"); at != std::string::npos) {
            walk("/sys/fs/cgroup/memory", line.substr(at + 8), "memory.limit_in_bytes", "memory.usage_in_bytes");
        }
    }
    return tightest;
}

}  // namespace

std::optional<AvailableMemory> availableMemory(const torch::Device& device) {
    if (device.is_cuda()) {
        const auto free = cudaFreeBytes(device);
        if (!free) return std::nullopt;
        return AvailableMemory{*free, fmt::format("the free memory of {}", device.str())};
    }
    const auto meminfo = memAvailableBytes();
    const auto cgroup = cgroupAllowsBytes();
    if (cgroup && (!meminfo || *cgroup < *meminfo))
        return AvailableMemory{*cgroup, "what this process's cgroup memory limit leaves"};
    if (meminfo) return AvailableMemory{*meminfo, "MemAvailable in /proc/meminfo"};
    return std::nullopt;
}

}  // namespace bb
