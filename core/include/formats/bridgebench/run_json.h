// A run's record and steps as JSON, the form `export --format json`, `list --json` and the
// TensorBoard export's sidecar file use (keys are the database's column names).
#pragma once

#include <string>

#include <nlohmann/json.hpp>

#include "bridgebench/run_data.h"

namespace bb {

nlohmann::json runRecordToJson(const RunRecord& run);
// Throws InputError "<context>: <key>: …" for a missing key of the wrong type; keys that are
// absent keep RunRecord's defaults, except uuid and name, which are required.
RunRecord runRecordFromJson(const nlohmann::json& json, const std::string& context);

class MeasuredStepFields;  // formats/step_fields.h
// A field the run's steps did not measure is null.
nlohmann::json stepToJson(const StepMetrics& step, const MeasuredStepFields& measured);
StepMetrics stepFromJson(const nlohmann::json& json, const std::string& context);

// {"format": "bridgebench-runs", "version": 1, "runs": [{...record, "tags": [], "steps": [...]}]}
nlohmann::json runsToJson(const std::vector<RunData>& runs);

}  // namespace bb
