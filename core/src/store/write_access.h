// Whether a results database can be written where it lies, asked before opening it: SQLite
// itself opens a file it cannot write without a word and fails later, at the first write
// or, for a WAL file in a folder it cannot write, at the first read.
#pragma once

#include <filesystem>
#include <optional>
#include <string>

namespace bb {

// Why `file` (or, when it does not exist yet, the file to be created there) cannot be written:
// "on a read-only mount", "the file is read-only", "its folder ... cannot be written"; nullopt
// where it can.
std::optional<std::string> whyNotWritable(const std::filesystem::path& file);

}  // namespace bb
