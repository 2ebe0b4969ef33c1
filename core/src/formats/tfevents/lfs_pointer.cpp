#include "formats/tfevents/lfs_pointer.h"

#include <charconv>
#include <fstream>
#include <sstream>

#include <fmt/format.h>

namespace bb::tfevents {

std::optional<std::string> gitLfsPointer(const std::filesystem::path& path) {
    std::ifstream file(path, std::ios::binary);
    if (!file) return std::nullopt;
    std::string head(1024, '\0');
    file.read(head.data(), static_cast<std::streamsize>(head.size()));
    head.resize(static_cast<std::size_t>(file.gcount()));
    constexpr std::string_view kVersion = "version https://git-lfs.github.com/spec/";
    if (head.rfind(kVersion, 0) != 0) return std::nullopt;
    std::string oid;
    std::string size;
    std::istringstream lines(head);
    for (std::string line; std::getline(lines, line);) {
        if (line.rfind("oid ", 0) == 0) oid = line.substr(4, 15);  // "sha256:" and 8 hex digits
        if (line.rfind("size ", 0) == 0) size = line.substr(5);
    }
    std::int64_t bytes = -1;
    const auto [end, error] = std::from_chars(size.data(), size.data() + size.size(), bytes);
    const bool sized = error == std::errc() && end == size.data() + size.size() && bytes >= 0;
    std::string what = "a Git LFS pointer";
    if (sized) what += fmt::format(" to a {}-byte file", bytes);
    if (!oid.empty()) what += " (oid " + oid + "…)";
    return what + ", not the file itself: fetch it with `git lfs pull` in its repository";
}

}  // namespace bb::tfevents
