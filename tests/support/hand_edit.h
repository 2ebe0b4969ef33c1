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

// Runs `sql` on the file as another tool would (no BridgeBench checks): to make a database as an
// older build left it.
void handExecute(const std::filesystem::path& database, const std::string& sql);

}  // namespace bb::test
