// Writing a whole output file, replacing it only once everything is written: a failed export
// leaves no half-written file behind.
#pragma once

#include <filesystem>
#include <string_view>

namespace bb {

// Writes `bytes` to a temporary file beside `file`, then renames it over `file`. Creates the
// parent folder. Throws bb::Error naming the file.
void writeOutputFile(const std::filesystem::path& file, std::string_view bytes);

}  // namespace bb
