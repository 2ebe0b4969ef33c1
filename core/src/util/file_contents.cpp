#include "util/file_contents.h"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fstream>
#include <iterator>
#include <system_error>

#include "bridgebench/errors.h"

namespace bb {

std::ifstream openFileForReading(const std::filesystem::path& path) {
    std::error_code error;
    if (std::filesystem::is_directory(path, error)) {
        throw InputError(path.string() + ": cannot read: it is a directory");
    }
    errno = 0;
    std::ifstream stream(path, std::ios::binary);
    if (!stream) {
        throw InputError(path.string() + ": cannot read: " + (errno != 0 ? std::strerror(errno) : "cannot open it"));
    }
    return stream;
}

std::string readFileContents(const std::filesystem::path& path, std::size_t maxBytes) {
    std::ifstream stream = openFileForReading(path);
    std::string contents;
    // In chunks, so that a file past the limit (or endless, as /dev/zero) costs the limit at most.
    constexpr std::size_t kChunkBytes = 1 << 16;
    while (stream) {
        const std::size_t had = contents.size();
        contents.resize(had + kChunkBytes);
        stream.read(contents.data() + had, static_cast<std::streamsize>(kChunkBytes));
        contents.resize(had + static_cast<std::size_t>(stream.gcount()));
        if (contents.size() > maxBytes) {
            throw InputError(path.string() + ": cannot read: it holds more than " + std::to_string(maxBytes >> 20) +
                             " MiB, the most BridgeBench reads of such a file");
        }
    }
    if (stream.bad()) {
        throw InputError(path.string() + ": cannot read: " + (errno != 0 ? std::strerror(errno) : "a read failed"));
    }
    return contents;
}

TextPosition textPositionOf(std::string_view text, std::size_t byteOffset) noexcept {
    const std::string_view before = text.substr(0, std::min(byteOffset, text.size()));
    const std::size_t lastNewline = before.rfind('\n');
    const auto newlines = static_cast<std::size_t>(std::count(before.begin(), before.end(), '\n'));
    const std::size_t lineStart = lastNewline == std::string_view::npos ? 0 : lastNewline + 1;
    return {newlines + 1, before.size() - lineStart + 1};
}

}  // namespace bb
