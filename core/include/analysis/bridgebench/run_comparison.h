// Comparing stored runs honestly, without any UI: one value per run in the chosen metric,
// speedups against a baseline (a run, or a device: each run against that device's run of its
// configuration, as the study reads its table), runs grouped as device × configuration (the
// study's table), and which runs ran a different workload (model, batch, image size, text length,
// precision, device count) than the one they are held against. This is the one comparison: the
// Compare tab, `compare` and the reports render it and decide none of it themselves.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "bridgebench/run_record.h"

namespace bb {

// AchievedTflops is over all devices; Mfu is in percent of the per-device peak (run_mfu.h).
enum class CompareMetric { SamplesPerSec, SamplesPerSecPerDevice, AchievedTflops, AchievedTflopsPerDevice, Mfu };

enum class WorkloadField { Model, BatchSize, ImageSize, TextLength, Precision, DeviceCount };
struct WorkloadDifference {
    WorkloadField field = WorkloadField::Model;
    std::string runValue;
    std::string baselineValue;
};

// Why an entry has no speedup (RunComparisonEntry::speedup is NaN).
enum class NoSpeedup {
    None,            // it has one
    NoBaseline,      // nothing to hold it against
    NoValue,         // the run has no value in the metric
    BaseHasNoValue,  // what it is held against has none
    NoRunOfSetting,  // a device baseline without a run of this configuration
    OtherWork,       // a sample is other work (model, image size, text length) and the metric does not hold that out
    UnknownWork,     // either side does not know one of those, so the two cannot be shown to be the same work
};

// OtherWork or UnknownWork: a ratio the comparison refuses to draw, which every front end says
// where the figure would be ("no speedup"), not a blank.
bool speedupRefused(NoSpeedup why);

// What a comparison's workloads are held against.
enum class WorkloadAgainst { Nothing, Baseline, MostCommon };

struct CompareBaseline {
    enum class Kind { None, Run, Device };
    Kind kind = Kind::None;
    std::int64_t runId = 0;  // Kind::Run
    std::string group;       // Kind::Device: a RunComparisonEntry::group
};

struct RunComparisonEntry {
    std::int64_t runId = 0;
    std::string runName;
    std::string device;         // "8× Gaudi2"
    // The device group it is drawn in: the device, with its table's date where reference tables
    // of several dates share the device ("8× Gaudi2 (June 2023)").
    std::string group;
    std::string configuration;  // "workers 2 + device-side loading"
    bool reference = false;
    // Where its figure comes from, apart: a figure the study published (one number, no steps),
    // or a table BridgeBench measured itself (core/references/), or neither (the user's run).
    bool published = false;
    bool measuredReference = false;
    // For a measured table of a peer's runs (Hugging Face's Trainer on the same machine): which.
    // Empty where BridgeBench's engine measured it, and for every other run.
    std::string measuredWith;
    double value = 0;           // NaN when the metric is unknown for this run
    double speedup = 0;         // value / its base's value; NaN, with noSpeedup saying why, otherwise
    NoSpeedup noSpeedup = NoSpeedup::NoBaseline;
    std::optional<std::int64_t> baseRunId;  // the run its speedup is held against
    std::string speedupNote;    // noSpeedup in words; empty with a speedup or without a baseline
    // Differs in a field the metric does not hold out (metricHoldsOut): not like for like.
    bool workloadDiffers = false;
    std::vector<WorkloadDifference> differences;  // those, field by field
    std::vector<WorkloadDifference> heldOut;      // the ones the metric holds out
    std::vector<WorkloadField> unknownFields;     // the fields either side does not know
    std::string workloadNote;     // those differences: "batch 40 vs 48"
    std::string workloadHeldOut;  // the differences the metric holds out: "1 devices vs 8" per device
    std::string workloadUnknown;  // "batch, precision": fields this run or the baseline does not know
    // Beside every metric: achieved TFLOP/s (all devices and per device) and MFU (0..1), NaN
    // when unknown, with where they come from.
    double tflops = 0;
    double tflopsPerDevice = 0;
    double mfu = 0;
    std::string flopsBasis;
    std::string flopsUnknownWhy;  // RunFlops::unknownWhy, where the figure is unknown
    std::vector<std::string> flopsAssumptions;
    std::string mfuNote;  // the peak's source, or why there is no MFU
    // Where other processes took a share of the run's cores while it ran (other_processes.h); empty otherwise.
    std::string otherProcesses;
};

struct RunComparison {
    CompareMetric metric = CompareMetric::SamplesPerSec;
    std::string unit;                       // "samples/s"
    CompareBaseline baseline;
    std::optional<std::int64_t> baselineRunId;  // a run baseline's id
    std::string baselineName;               // the run's name or the device group; empty without a baseline
    WorkloadAgainst workloadAgainst = WorkloadAgainst::Nothing;
    std::vector<std::string> groups;        // the device groups, in the order of their first runs
    std::vector<RunComparisonEntry> entries;  // in the order of the runs given

    bool anyWorkloadDiffers() const;
    bool anySpeedupRefused() const;  // some speedupRefused()
    // What the † beside a figure means here, for every front end's note: "† different workload
    // than the baseline" or "… than most of the runs" (empty when no entry differs).
    std::string daggerNote() const;
    // Why bars have no speedup, for a chart's note: "no speedup where a sample is other work or
    // its workload is unknown"; empty where none is refused.
    std::string refusedNote() const;
};

// What a run's throughput depends on besides the machine and the loading configuration:
// runs compare fairly only within one workload. Empty text and 0 mean "unknown", and an unknown
// field is never a difference: only known, unequal fields are.
struct RunWorkload {
    std::string model;
    std::string architecture;  // the preset a named model is ("large" for BridgeTower/bridgetower-large-…)
    std::int64_t batchSize = 0;
    std::int64_t imageSizePx = 0;
    std::int64_t textLength = 0;  // tokens per caption (run_text_length.h)
    std::string precision;
    std::int64_t deviceCount = 0;  // 0: unknown
    bool deviceCountInferred = false;
    bool operator==(const RunWorkload&) const = default;
};

RunWorkload runWorkload(const RunRecord& run);
// The workload most runs share (the earliest of equals); nullopt for no runs.
std::optional<RunWorkload> mostCommonWorkload(const std::vector<RunRecord>& runs);

// Field by field, in WorkloadField order, so that each front end words them its own way. Two
// models of one architecture (a preset and the Hugging Face id of its checkpoint) are the same.
std::vector<WorkloadDifference> workloadDifferences(const RunWorkload& run, const RunWorkload& baseline);
// The fields either side does not know, in WorkloadField order.
std::vector<WorkloadField> unknownWorkloadFields(const RunWorkload& run, const RunWorkload& baseline);
std::string_view workloadFieldName(WorkloadField field);  // "model", "batch", "image size", …
// Whether comparing in `metric` takes a difference in `field` out: per device divides by the
// device count; achieved FLOP/s counts each sample's work, so model, batch and image size; MFU
// is both. A run on one H200 of the study's workload is then like for like with its 8× H100,
// per device, and is not marked as another workload. Precision never is: bf16 and fp32 reach
// different peaks.
bool metricHoldsOut(CompareMetric metric, WorkloadField field);
// Whether a difference in `field` makes a sample other work (model, image size, text length):
// then samples/s of the two runs are not one unit, and no ratio of them is shown unless the
// metric holds the field out. Batch, precision and device count change how fast the same work
// goes, so a ratio across them stands, marked.
bool changesTheWork(WorkloadField field);

// Whether the run says how many loader workers it had (imports often do not); an unknown count
// is never shown as 0.
bool runWorkersKnown(const RunRecord& run);

// The run's value in `metric`; NaN when the run does not know it.
double runMetricValue(const RunRecord& run, CompareMetric metric);

// A run baseline must be one of the runs (std::invalid_argument otherwise); a device baseline
// that no run's group is gives no speedups, each saying why.
RunComparison compareRuns(const std::vector<RunRecord>& runs, CompareMetric metric, const CompareBaseline& baseline);
RunComparison compareRuns(const std::vector<RunRecord>& runs, CompareMetric metric,
                          std::optional<std::int64_t> baselineRunId);

// "8× Gaudi2": the device a run is grouped under; "4× H100 (count inferred)" where an import
// inferred the count, "H100 (count unknown)" where nothing says it.
std::string runDeviceLabel(const RunRecord& run);
bool deviceCountInferred(const RunRecord& run);
// "workers 2 + media pipeline": the configuration within a device.
std::string runConfigurationLabel(const RunRecord& run);
std::string_view metricUnit(CompareMetric metric);

}  // namespace bb
