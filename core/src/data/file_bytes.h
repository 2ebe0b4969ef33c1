// Reads a file's bytes into a caller-owned buffer that is reused across files.
#pragma once

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <limits>
#include <string>
#include <vector>

namespace bb {

struct FileRead {
    bool ok = false;
    std::size_t fileBytes = 0;  // size of the whole file
    std::string error;          // "missing", "unreadable: Permission denied", ...
};

// Reads the first min(maxBytes, file size) bytes into `out` (resized to that many).
FileRead readFileBytes(const std::filesystem::path& file, std::vector<std::uint8_t>& out,
                       std::size_t maxBytes = std::numeric_limits<std::size_t>::max());

}  // namespace bb
