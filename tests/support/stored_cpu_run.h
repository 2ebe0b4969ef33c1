// A completed CPU run of the tiny model stored straight into a database file, with a summary
// (throughput and achieved FLOP/s) but no steps: what comparison tests put beside the study.
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>

namespace bb::test {

std::int64_t storeCompletedCpuRun(const std::filesystem::path& database, const std::string& name, int workers);

}  // namespace bb::test
