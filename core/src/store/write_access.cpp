#include "store/write_access.h"

#include <cerrno>
#include <cstring>

#include <sys/statvfs.h>
#include <unistd.h>

#include <fmt/format.h>

namespace bb {

namespace {

// The nearest folder that exists: a database to be created in a new folder needs that one.
std::filesystem::path existingFolder(const std::filesystem::path& file) {
    std::filesystem::path folder = file.has_parent_path() ? file.parent_path() : std::filesystem::path(".");
    std::error_code ignored;
    while (!std::filesystem::exists(folder, ignored) && folder.has_parent_path() && folder != folder.parent_path())
        folder = folder.parent_path();
    return folder;
}

}  // namespace

std::optional<std::string> whyNotWritable(const std::filesystem::path& file) {
    const std::filesystem::path folder = existingFolder(file);
    struct statvfs mount {};
    if (::statvfs(folder.c_str(), &mount) == 0 && (mount.f_flag & ST_RDONLY) != 0)
        return fmt::format("it lies on a read-only mount ({})", folder.string());
    std::error_code ignored;
    // access(2) asks with the real ids, as the permission the user has; root passes it anywhere
    // but on a read-only mount, which statvfs answered above.
    if (std::filesystem::exists(file, ignored) && ::access(file.c_str(), W_OK) != 0)
        return fmt::format("the file is read-only to this user ({})", std::strerror(errno));
    // SQLite writes its journal or WAL beside the file.
    if (::access(folder.c_str(), W_OK) != 0)
        return fmt::format("its folder {} cannot be written by this user ({})", folder.string(), std::strerror(errno));
    return std::nullopt;
}

}  // namespace bb
