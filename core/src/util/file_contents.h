// Whole-file reads for the importers and the tokenizer, with errors that name the file.
#pragma once

#include <cstddef>
#include <filesystem>
#include <string>
#include <string_view>

namespace bb {

// The bytes of `path`. Throws InputError("<path>: cannot read: <reason>") when the file is
// missing, is a directory or cannot be read.
std::string readFileContents(const std::filesystem::path& path);

struct TextPosition {
    std::size_t line;    // 1-based
    std::size_t column;  // 1-based, in bytes
};

// Line and column of a byte offset, for messages about text formats (JSON, CSV).
TextPosition textPositionOf(std::string_view text, std::size_t byteOffset) noexcept;

}  // namespace bb
