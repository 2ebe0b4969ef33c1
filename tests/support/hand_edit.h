// A database edited by hand or by another tool: one column of one run row replaced with text
// the engine never writes there.
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>

namespace bb::test {

// Sets `column` (config_json, environment_json, summary_json, ...) of run `runId` to `text`;
// throws when no row changed.
void handEditRunColumn(const std::filesystem::path& database, std::int64_t runId, const std::string& column,
                       const std::string& text);

}  // namespace bb::test
