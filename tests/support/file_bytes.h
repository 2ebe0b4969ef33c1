// Byte-exact file reads and writes for tests that build files in binary or text formats.
#pragma once

#include <filesystem>
#include <string>
#include <string_view>

namespace bb::test {

// Writes `bytes` to `path` (creating its parent directories) and returns `path`.
std::filesystem::path writeFileBytes(const std::filesystem::path& path, std::string_view bytes);

std::string readFileBytes(const std::filesystem::path& path);

}  // namespace bb::test
