// Whole-file reads for the importers and the tokenizer, with errors that name the file.
#pragma once

#include <cstddef>
#include <filesystem>
#include <fstream>
#include <string>
#include <string_view>

namespace bb {

// The most a whole-file read holds (importers' JSON and CSV, the tokenizer's files): a real
// Trainer state of 100,000 logged steps is about 30 MiB; /dev/zero or a mistaken path to a
// disk image is refused here rather than by std::bad_alloc gigabytes later.
inline constexpr std::size_t kMaxWholeFileBytes = std::size_t{256} << 20;
// Run and study configs are a few KiB.
inline constexpr std::size_t kMaxConfigFileBytes = std::size_t{4} << 20;

// The bytes of `path`. Throws InputError("<path>: cannot read: <reason>") when the file is
// missing, is a directory, cannot be read or holds more than `maxBytes`. Reads pipes and
// devices too (`--config <(...)`), up to the limit.
std::string readFileContents(const std::filesystem::path& path, std::size_t maxBytes = kMaxWholeFileBytes);

// The file opened for reading in binary, for readers that stream it. Throws InputError as
// readFileContents() does for a missing file, a directory or one that cannot be opened.
std::ifstream openFileForReading(const std::filesystem::path& path);

struct TextPosition {
    std::size_t line;    // 1-based
    std::size_t column;  // 1-based, in bytes
};

// Line and column of a byte offset, for messages about text formats (JSON, CSV).
TextPosition textPositionOf(std::string_view text, std::size_t byteOffset) noexcept;

}  // namespace bb
