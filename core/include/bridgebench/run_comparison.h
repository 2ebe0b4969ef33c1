// Comparing stored runs honestly, without any UI: one value per run in the chosen metric,
// speedups against a baseline run, runs grouped as device × configuration (the study's table),
// and which runs ran a different workload (model, batch, image size, precision, device count)
// than the baseline's — the most common workload when there is no baseline.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "bridgebench/result_store.h"

namespace bb {

enum class CompareMetric { SamplesPerSec, SamplesPerSecPerDevice, AchievedTflops };

struct RunComparisonEntry {
    std::int64_t runId = 0;
    std::string runName;
    std::string device;         // "8× Gaudi2"
    std::string configuration;  // "workers 2 + device-side loading"
    bool reference = false;
    double value = 0;           // NaN when the metric is unknown for this run
    double speedup = 0;         // value / baseline's value; NaN without a baseline value
    bool workloadDiffers = false;
    std::string workloadNote;   // "batch 40 vs 48; 1 devices vs 8"
};

struct RunComparison {
    CompareMetric metric = CompareMetric::SamplesPerSec;
    std::string unit;                       // "samples/s"
    std::optional<std::int64_t> baselineRunId;
    std::string baselineName;               // empty without a baseline
    std::vector<RunComparisonEntry> entries;  // in the order of the runs given
};

// `baselineRunId`, when given, must be one of the runs (std::invalid_argument otherwise).
RunComparison compareRuns(const std::vector<RunRecord>& runs, CompareMetric metric,
                          std::optional<std::int64_t> baselineRunId);

// "8× Gaudi2": the device a run is grouped under.
std::string runDeviceLabel(const RunRecord& run);
// "workers 2 + media pipeline": the configuration within a device.
std::string runConfigurationLabel(const RunRecord& run);
std::string_view metricUnit(CompareMetric metric);

}  // namespace bb
