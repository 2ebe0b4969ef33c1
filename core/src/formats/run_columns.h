// Run-level columns of the CSV format (one row per step, the run's fields repeated on each; a
// run without steps has one row with an empty `step`), and the tags and sidecar file of the
// TensorBoard export.
#pragma once

#include <string_view>

namespace bb::formats {

inline constexpr std::string_view kRunColumns[] = {
    "run", "uuid", "source", "device_kind", "device_name", "device_count", "device_count_inferred", "model",
    "precision", "batch_size", "workers", "device_transforms", "headline_samples_per_s", "duration_s"};

// Every step field goes to TensorBoard as "bridgebench/<field>" (step and timestamp_ms are the
// event's own step and wall time); a run without steps as one headline value at step 0.
inline constexpr std::string_view kTagPrefix = "bridgebench/";
inline constexpr std::string_view kHeadlineTag = "bridgebench/headline_samples_per_s";
// Beside each run's event file: the run's record (uuid, device, config, environment, summary),
// which event files have no place for.
inline constexpr std::string_view kRunSidecar = "bridgebench-run.json";

}  // namespace bb::formats
