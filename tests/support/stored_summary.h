// Runs set up by their stored summary keys, as a database or an exported file holds them: the
// typed summary (bridgebench/run_summary.h) read from that JSON exactly as the store reads it.
#pragma once

#include <nlohmann/json.hpp>

#include "bridgebench/run_summary.h"

namespace bb::test {

inline RunSummary storedSummary(const nlohmann::json& json) { return json.get<RunSummary>(); }

// What the store writes for a summary.
inline nlohmann::json storedJson(const RunSummary& summary) { return summary; }

}  // namespace bb::test
