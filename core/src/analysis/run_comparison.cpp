#include "bridgebench/run_comparison.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>

#include <fmt/format.h>

namespace bb {

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

std::string orUnknown(const std::string& text) { return text.empty() ? "unknown" : text; }

std::string describeDifferences(const RunWorkload& run, const RunWorkload& baseline) {
    std::vector<std::string> parts;
    for (const auto& difference : workloadDifferences(run, baseline)) {
        const std::string& ours = difference.runValue;
        const std::string& theirs = difference.baselineValue;
        switch (difference.field) {
        case WorkloadField::Model: parts.push_back(fmt::format("model {} vs {}", orUnknown(ours), orUnknown(theirs))); break;
        case WorkloadField::BatchSize: parts.push_back(fmt::format("batch {} vs {}", ours, theirs)); break;
        case WorkloadField::ImageSize: parts.push_back(fmt::format("image size {} vs {}", ours, theirs)); break;
        case WorkloadField::Precision:
            parts.push_back(fmt::format("precision {} vs {}", orUnknown(ours), orUnknown(theirs)));
            break;
        case WorkloadField::DeviceCount: parts.push_back(fmt::format("{} devices vs {}", ours, theirs)); break;
        }
    }
    return fmt::format("{}", fmt::join(parts, "; "));
}

}  // namespace

RunWorkload runWorkload(const RunRecord& run) {
    RunWorkload workload{run.model, run.batchSize, 0, run.precision, run.deviceCount};
    if (const auto size = run.config.find("image_size"); size != run.config.end() && size->is_number_integer())
        workload.imageSizePx = size->get<std::int64_t>();
    return workload;
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
    if (run.model != baseline.model) differences.push_back({WorkloadField::Model, run.model, baseline.model});
    if (run.batchSize != baseline.batchSize)
        differences.push_back({WorkloadField::BatchSize, std::to_string(run.batchSize), std::to_string(baseline.batchSize)});
    if (run.imageSizePx != baseline.imageSizePx)
        differences.push_back(
            {WorkloadField::ImageSize, std::to_string(run.imageSizePx), std::to_string(baseline.imageSizePx)});
    if (run.precision != baseline.precision)
        differences.push_back({WorkloadField::Precision, run.precision, baseline.precision});
    if (run.deviceCount != baseline.deviceCount)
        differences.push_back(
            {WorkloadField::DeviceCount, std::to_string(run.deviceCount), std::to_string(baseline.deviceCount)});
    return differences;
}

double runMetricValue(const RunRecord& run, CompareMetric metric) {
    const auto found = run.summary.find("median_samples_per_s");
    const double median = found != run.summary.end() && found->is_number() ? found->get<double>() : 0.0;
    switch (metric) {
    case CompareMetric::SamplesPerSec: return median > 0 ? median : kNaN;
    case CompareMetric::SamplesPerSecPerDevice:
        return median > 0 && run.deviceCount > 0 ? median / static_cast<double>(run.deviceCount) : kNaN;
    case CompareMetric::AchievedTflops: {
        const auto flops = run.summary.find("achieved_flops_per_s");
        if (flops == run.summary.end() || !flops->is_number() || flops->get<double>() <= 0) return kNaN;
        return flops->get<double>() / 1e12;
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
    std::string label = fmt::format("workers {}", run.workers);
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
        entry.workloadDiffers = reference && !(workload == *reference);
        if (entry.workloadDiffers) entry.workloadNote = describeDifferences(workload, *reference);
        comparison.entries.push_back(std::move(entry));
    }
    return comparison;
}

}  // namespace bb
