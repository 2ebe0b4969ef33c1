// The ops of profile_steps in `show` (bridgebench/op_profile.h): a table of those that took the
// most time, and the `profile` key of `show --json`.
#pragma once

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "bridgebench/op_profile.h"
#include "bridgebench/run_record.h"

namespace bb::cli {

// Null when the run stored no ops.
nlohmann::json opsJson(const RunRecord& run, const std::vector<OpEvent>& ops);
// The section's lines, within 120 columns.
std::string opsText(const RunRecord& run, const std::vector<OpEvent>& ops);

}  // namespace bb::cli
