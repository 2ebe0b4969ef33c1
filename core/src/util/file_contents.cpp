#include "util/file_contents.h"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fstream>
#include <iterator>
#include <system_error>

#include "bridgebench/errors.h"

namespace bb {

std::string readFileContents(const std::filesystem::path& path) {
    std::error_code error;
    if (std::filesystem::is_directory(path, error)) {
        throw InputError(path.string() + ": cannot read: it is a directory");
    }
    std::ifstream stream(path, std::ios::binary);
    if (!stream) {
        throw InputError(path.string() + ": cannot read: " + std::strerror(errno));
    }
    std::string contents{std::istreambuf_iterator<char>(stream), std::istreambuf_iterator<char>()};
    if (stream.bad()) {
        throw InputError(path.string() + ": cannot read: " + std::strerror(errno));
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
