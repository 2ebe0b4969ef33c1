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

// What a run's throughput depends on besides the machine and the loading configuration:
// runs compare fairly only within one workload.
struct RunWorkload {
    std::string model;
    std::int64_t batchSize = 0;
    std::int64_t imageSizePx = 0;  // 0 when the run does not say
    std::string precision;
    std::int64_t deviceCount = 1;
    bool operator==(const RunWorkload&) const = default;
};

RunWorkload runWorkload(const RunRecord& run);
// The workload most runs share (the earliest of equals); nullopt for no runs.
std::optional<RunWorkload> mostCommonWorkload(const std::vector<RunRecord>& runs);

enum class WorkloadField { Model, BatchSize, ImageSize, Precision, DeviceCount };
struct WorkloadDifference {
    WorkloadField field = WorkloadField::Model;
    std::string runValue;
    std::string baselineValue;
};
// Field by field, in WorkloadField order, so that each front end words them its own way.
std::vector<WorkloadDifference> workloadDifferences(const RunWorkload& run, const RunWorkload& baseline);

// The run's value in `metric`; NaN when the run does not know it.
double runMetricValue(const RunRecord& run, CompareMetric metric);

// `baselineRunId`, when given, must be one of the runs (std::invalid_argument otherwise).
RunComparison compareRuns(const std::vector<RunRecord>& runs, CompareMetric metric,
                          std::optional<std::int64_t> baselineRunId);

// "8× Gaudi2": the device a run is grouped under.
std::string runDeviceLabel(const RunRecord& run);
// "workers 2 + media pipeline": the configuration within a device.
std::string runConfigurationLabel(const RunRecord& run);
std::string_view metricUnit(CompareMetric metric);

}  // namespace bb
