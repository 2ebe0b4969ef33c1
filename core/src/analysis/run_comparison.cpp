#include "bridgebench/run_comparison.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>

#include <fmt/format.h>
#include <fmt/ranges.h>  // fmt::join, there since {fmt} 11

#include "bridgebench/model_catalog.h"
#include "bridgebench/other_processes.h"
#include "bridgebench/run_flops.h"
#include "bridgebench/run_mfu.h"
#include "bridgebench/run_samples_per_sec.h"
#include "bridgebench/run_text_length.h"

namespace bb {

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

std::string orUnknown(const std::string& text) { return text.empty() ? "unknown" : text; }

// The differences `metric` holds out (heldOut) or those it does not.
std::string describeDifferences(const RunWorkload& run, const RunWorkload& baseline, CompareMetric metric, bool heldOut) {
    std::vector<std::string> parts;
    for (const auto& difference : workloadDifferences(run, baseline)) {
        if (metricHoldsOut(metric, difference.field) != heldOut) continue;
        const std::string& ours = difference.runValue;
        const std::string& theirs = difference.baselineValue;
        switch (difference.field) {
        case WorkloadField::Model: parts.push_back(fmt::format("model {} vs {}", orUnknown(ours), orUnknown(theirs))); break;
        case WorkloadField::BatchSize: parts.push_back(fmt::format("batch {} vs {}", ours, theirs)); break;
        case WorkloadField::ImageSize: parts.push_back(fmt::format("image size {} vs {}", ours, theirs)); break;
        case WorkloadField::TextLength: parts.push_back(fmt::format("text length {} vs {}", ours, theirs)); break;
        case WorkloadField::Precision:
            parts.push_back(fmt::format("precision {} vs {}", orUnknown(ours), orUnknown(theirs)));
            break;
        case WorkloadField::DeviceCount: parts.push_back(fmt::format("devices {} vs {}", ours, theirs)); break;
        }
    }
    return fmt::format("{}", fmt::join(parts, "; "));
}

std::string describeUnknown(const RunWorkload& run, const RunWorkload& baseline) {
    std::vector<std::string> names;
    for (const auto field : unknownWorkloadFields(run, baseline)) names.emplace_back(workloadFieldName(field));
    return fmt::format("{}", fmt::join(names, ", "));
}

bool known(const std::string& text) { return !text.empty() && text != "unknown"; }

}  // namespace

RunWorkload runWorkload(const RunRecord& run) {
    RunWorkload workload{run.model, {}, run.batchSize, 0, runTextLength(run).tokens, run.precision, run.deviceCount};
    if (const auto size = run.config.find("image_size"); size != run.config.end() && size->is_number_integer())
        workload.imageSizePx = size->get<std::int64_t>();
    const auto stored = run.config.find("model_config");
    if (const auto model = resolveBridgeTowerModel(run.model, stored != run.config.end() ? *stored : nlohmann::json())) {
        workload.architecture = model->preset;
        // A named model fixes the image size it runs at unless the run says otherwise.
        if (workload.imageSizePx <= 0) workload.imageSizePx = model->config.vision.imageSizePx;
    }
    return workload;
}

bool runWorkersKnown(const RunRecord& run) {
    if (run.source == "local") return true;
    const auto workers = run.config.find("workers");
    return workers != run.config.end() && workers->is_number_integer();
}

std::string_view workloadFieldName(WorkloadField field) {
    switch (field) {
    case WorkloadField::Model: return "model";
    case WorkloadField::BatchSize: return "batch";
    case WorkloadField::ImageSize: return "image size";
    case WorkloadField::TextLength: return "text length";
    case WorkloadField::Precision: return "precision";
    case WorkloadField::DeviceCount: return "device count";
    }
    return "";
}

bool metricHoldsOut(CompareMetric metric, WorkloadField field) {
    const bool perDevice = metric == CompareMetric::SamplesPerSecPerDevice ||
                           metric == CompareMetric::AchievedTflopsPerDevice || metric == CompareMetric::Mfu;
    const bool perFlop = metric == CompareMetric::AchievedTflops || metric == CompareMetric::AchievedTflopsPerDevice ||
                         metric == CompareMetric::Mfu;
    switch (field) {
    case WorkloadField::DeviceCount: return perDevice;
    case WorkloadField::Model:
    case WorkloadField::BatchSize:
    case WorkloadField::ImageSize:
    case WorkloadField::TextLength: return perFlop;
    case WorkloadField::Precision: return false;
    }
    return false;
}

std::vector<WorkloadField> unknownWorkloadFields(const RunWorkload& run, const RunWorkload& baseline) {
    std::vector<WorkloadField> unknown;
    if (!known(run.model) || !known(baseline.model)) unknown.push_back(WorkloadField::Model);
    if (run.batchSize <= 0 || baseline.batchSize <= 0) unknown.push_back(WorkloadField::BatchSize);
    if (run.imageSizePx <= 0 || baseline.imageSizePx <= 0) unknown.push_back(WorkloadField::ImageSize);
    if (run.textLength <= 0 || baseline.textLength <= 0) unknown.push_back(WorkloadField::TextLength);
    if (!known(run.precision) || !known(baseline.precision)) unknown.push_back(WorkloadField::Precision);
    if (run.deviceCount <= 0 || baseline.deviceCount <= 0) unknown.push_back(WorkloadField::DeviceCount);
    return unknown;
}

std::optional<RunWorkload> mostCommonWorkload(const std::vector<RunRecord>& runs) {
    std::vector<std::pair<RunWorkload, int>> counts;
    for (const auto& run : runs) {
        const auto workload = runWorkload(run);
        auto found = std::find_if(counts.begin(), counts.end(), [&](const auto& item) { return item.first == workload; });
        if (found == counts.end())
            counts.emplace_back(workload, 1);
        else
            ++found->second;
    }
    if (counts.empty()) return std::nullopt;
    return std::max_element(counts.begin(), counts.end(), [](const auto& a, const auto& b) {
               return a.second < b.second;
           })->first;
}

std::vector<WorkloadDifference> workloadDifferences(const RunWorkload& run, const RunWorkload& baseline) {
    std::vector<WorkloadDifference> differences;
    const bool sameArchitecture = !run.architecture.empty() && run.architecture == baseline.architecture;
    if (known(run.model) && known(baseline.model) && run.model != baseline.model && !sameArchitecture)
        differences.push_back({WorkloadField::Model, run.model, baseline.model});
    if (run.batchSize > 0 && baseline.batchSize > 0 && run.batchSize != baseline.batchSize)
        differences.push_back({WorkloadField::BatchSize, std::to_string(run.batchSize), std::to_string(baseline.batchSize)});
    if (run.imageSizePx > 0 && baseline.imageSizePx > 0 && run.imageSizePx != baseline.imageSizePx)
        differences.push_back(
            {WorkloadField::ImageSize, std::to_string(run.imageSizePx), std::to_string(baseline.imageSizePx)});
    if (run.textLength > 0 && baseline.textLength > 0 && run.textLength != baseline.textLength)
        differences.push_back(
            {WorkloadField::TextLength, std::to_string(run.textLength), std::to_string(baseline.textLength)});
    if (known(run.precision) && known(baseline.precision) && run.precision != baseline.precision)
        differences.push_back({WorkloadField::Precision, run.precision, baseline.precision});
    if (run.deviceCount > 0 && baseline.deviceCount > 0 && run.deviceCount != baseline.deviceCount)
        differences.push_back(
            {WorkloadField::DeviceCount, std::to_string(run.deviceCount), std::to_string(baseline.deviceCount)});
    return differences;
}

double runMetricValue(const RunRecord& run, CompareMetric metric) {
    const double samplesPerSec = runSamplesPerSec(run);
    switch (metric) {
    case CompareMetric::SamplesPerSec: return samplesPerSec > 0 ? samplesPerSec : kNaN;
    case CompareMetric::SamplesPerSecPerDevice:
        return samplesPerSec > 0 && run.deviceCount > 0 ? samplesPerSec / static_cast<double>(run.deviceCount) : kNaN;
    case CompareMetric::AchievedTflops: {
        const auto flops = runFlops(run);
        return flops.known() ? flops.achievedFlopsPerSec / 1e12 : kNaN;
    }
    case CompareMetric::AchievedTflopsPerDevice: {
        const auto flops = runFlops(run);
        return flops.known() ? flops.achievedFlopsPerSecPerDevice / 1e12 : kNaN;
    }
    case CompareMetric::Mfu: {
        const auto mfu = runMfu(run);
        return mfu.known() ? mfu.mfu * 100 : kNaN;
    }
    }
    return kNaN;
}

std::string runDeviceLabel(const RunRecord& run) {
    std::string name = run.deviceName.empty() ? run.deviceKind : run.deviceName;
    if (name.empty()) name = "unknown device";
    return fmt::format("{}× {}", run.deviceCount, name);
}

std::string runConfigurationLabel(const RunRecord& run) {
    std::string label = runWorkersKnown(run) ? fmt::format("workers {}", run.workers) : "workers unknown";
    const auto note = run.config.value("note", std::string());
    if (!note.empty())
        label += " + " + note;
    else if (run.deviceTransforms)
        label += " + device-side loading";
    return label;
}

std::string_view metricUnit(CompareMetric metric) {
    switch (metric) {
    case CompareMetric::SamplesPerSec: return "samples/s";
    case CompareMetric::SamplesPerSecPerDevice: return "samples/s per device";
    case CompareMetric::AchievedTflops: return "achieved TFLOP/s";
    case CompareMetric::AchievedTflopsPerDevice: return "achieved TFLOP/s per device";
    case CompareMetric::Mfu: return "MFU %";
    }
    return "";
}

RunComparison compareRuns(const std::vector<RunRecord>& runs, CompareMetric metric,
                          std::optional<std::int64_t> baselineRunId) {
    RunComparison comparison;
    comparison.metric = metric;
    comparison.unit = metricUnit(metric);
    comparison.baselineRunId = baselineRunId;

    const RunRecord* baseline = nullptr;
    if (baselineRunId) {
        const auto found = std::find_if(runs.begin(), runs.end(), [&](const auto& run) { return run.id == *baselineRunId; });
        if (found == runs.end()) throw std::invalid_argument(fmt::format("baseline run {} is not compared", *baselineRunId));
        baseline = &*found;
        comparison.baselineName = baseline->name;
    }

    // The workload everything is held against: the baseline's, else the most common one.
    const std::optional<RunWorkload> reference = baseline ? runWorkload(*baseline) : mostCommonWorkload(runs);
    const double baseValue = baseline ? runMetricValue(*baseline, metric) : kNaN;
    for (const auto& run : runs) {
        RunComparisonEntry entry;
        entry.runId = run.id;
        entry.runName = run.name;
        entry.device = runDeviceLabel(run);
        entry.configuration = runConfigurationLabel(run);
        entry.reference = run.source == "reference";
        entry.value = runMetricValue(run, metric);
        entry.speedup = std::isfinite(baseValue) && baseValue > 0 ? entry.value / baseValue : kNaN;
        const auto workload = runWorkload(run);
        if (reference) {
            entry.workloadNote = describeDifferences(workload, *reference, metric, false);
            entry.workloadDiffers = !entry.workloadNote.empty();
            entry.workloadHeldOut = describeDifferences(workload, *reference, metric, true);
            entry.workloadUnknown = describeUnknown(workload, *reference);
        }
        const auto flops = runFlops(run);
        const auto mfu = runMfu(run, flops);
        entry.tflops = flops.known() ? flops.achievedFlopsPerSec / 1e12 : kNaN;
        entry.tflopsPerDevice = flops.known() ? flops.achievedFlopsPerSecPerDevice / 1e12 : kNaN;
        entry.mfu = mfu.known() ? mfu.mfu : kNaN;
        entry.flopsBasis = flops.basis;
        entry.flopsAssumptions = flops.assumptions;
        for (const auto& assumption : mfu.assumptions) entry.flopsAssumptions.push_back(assumption);
        entry.mfuNote = mfu.known() ? mfu.peakSource : mfu.reason;
        if (auto note = otherProcessesNote(run)) entry.otherProcesses = std::move(note->text);
        comparison.entries.push_back(std::move(entry));
    }
    return comparison;
}

}  // namespace bb
