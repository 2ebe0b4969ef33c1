// What the compare view shows: core's run comparison (run_comparison.h), which decides the
// grouping, the baselines, which figures are like for like and which speedups are refused, in
// the window's words: translated notes, and runs sharing a bar told apart. Nothing here decides.
#pragma once

#include <string>

#include <QString>
#include <QStringList>

#include <optional>
#include <vector>

#include "bridgebench/run_record.h"
#include "bridgebench/run_comparison.h"

namespace bb::ui {

using bb::CompareMetric;

struct ComparisonBaseline {
    enum class Kind { None, Run, Device };
    Kind kind = Kind::None;
    qint64 runId = 0;   // Kind::Run
    QString category;   // Kind::Device: each run against this device's run of the same configuration
};

struct ComparisonEntry {
    qint64 runId = 0;
    QString runName;
    QString category;       // device, e.g. "8× Gaudi2"
    QString configuration;  // e.g. "workers 2 + device-side loading"; with runs sharing a cell, "workers 0 (00:32:44)"
    QString setting;        // the configuration without that label: what a device baseline matches
    bool reference = false;
    bool published = false;          // a figure the study published
    bool measuredReference = false;  // a table BridgeBench measured itself, or a peer beside it
    std::string measuredWith;        // the peer that measured it; empty for BridgeBench's own
    double value = 0;       // NaN when the metric is unknown for this run
    double speedup = 0;     // NaN without a baseline value
    NoSpeedup noSpeedup = NoSpeedup::NoBaseline;
    QString speedupNote;    // with a baseline, why there is no speedup, e.g. no such run on that device
    bool workloadDiffers = false;  // in a field the metric does not hold out (core's metricHoldsOut)
    QString workloadNote;   // what differs, e.g. "batch 40 vs 48"
    QString workloadHeldOut;  // what differs that the metric holds out, e.g. "devices 1 vs 8" per device
    QString workloadUnknown;  // fields one side does not know, e.g. "batch, precision"
    double tflopsPerDevice = 0;  // NaN when unknown, whatever the metric
    double mfu = 0;              // 0..1; NaN when unknown
    QString flopsNote;           // where TFLOP/s and MFU come from, and what they assume
    QString otherProcesses;      // core's note where other processes took a share of its cores; else empty
};

struct Comparison {
    QStringList categories;
    // The category axis's labels, in categories' order: a group of only BridgeBench's measured
    // tables says so ("1× H200 (BridgeBench)", short enough not to be cut at 1280 px), as the
    // table's Source column does; on the chart it read as one more of the study's devices.
    QStringList categoryLabels;
    QStringList configurations;
    std::vector<ComparisonEntry> entries;
    QString baselineLabel;  // empty without a baseline
    QString unit;
    // What a † means here: "† different workload than the baseline" (or "than most of the
    // runs" without one); empty when no entry differs.
    QString daggerNote;
    bool anySpeedupRefused = false;  // some bars have no speedup (speedupRefused(): other or unknown work)
    bool anyUnknownWork = false;     // some of them for NoSpeedup::UnknownWork

    const ComparisonEntry* find(const QString& category, const QString& configuration) const;
};

Comparison buildComparison(const std::vector<RunRecord>& runs, CompareMetric metric,
                           const ComparisonBaseline& baseline);

// The window's words for core's workload fields: "batch 40 vs 48; precision fp32 vs bf16", and
// "model, precision".
QString workloadDifferencesText(const std::vector<WorkloadDifference>& differences);
QString workloadFieldsText(const std::vector<WorkloadField>& fields);

// The device label a run gets as its category (used to offer device baselines).
QString comparisonCategory(const RunRecord& run, bool withDate);
QString comparisonConfiguration(const RunRecord& run);

}  // namespace bb::ui
