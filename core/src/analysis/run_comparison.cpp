#include "bridgebench/run_comparison.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>

#include <fmt/format.h>

namespace bb {

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

struct Workload {
    std::string model;
    std::int64_t batchSize = 0;
    std::int64_t imageSizePx = 0;  // 0 when the run does not say
    std::string precision;
    std::int64_t deviceCount = 1;
    bool operator==(const Workload&) const = default;
};

Workload workloadOf(const RunRecord& run) {
    Workload workload{run.model, run.batchSize, 0, run.precision, run.deviceCount};
    if (const auto size = run.config.find("image_size"); size != run.config.end() && size->is_number_integer())
        workload.imageSizePx = size->get<std::int64_t>();
    return workload;
}

std::string orUnknown(const std::string& text) { return text.empty() ? "unknown" : text; }

std::string describeDifference(const Workload& run, const Workload& baseline) {
    std::vector<std::string> parts;
    if (run.model != baseline.model)
        parts.push_back(fmt::format("model {} vs {}", orUnknown(run.model), orUnknown(baseline.model)));
    if (run.batchSize != baseline.batchSize) parts.push_back(fmt::format("batch {} vs {}", run.batchSize, baseline.batchSize));
    if (run.imageSizePx != baseline.imageSizePx)
        parts.push_back(fmt::format("image size {} vs {}", run.imageSizePx, baseline.imageSizePx));
    if (run.precision != baseline.precision)
        parts.push_back(fmt::format("precision {} vs {}", orUnknown(run.precision), orUnknown(baseline.precision)));
    if (run.deviceCount != baseline.deviceCount)
        parts.push_back(fmt::format("{} devices vs {}", run.deviceCount, baseline.deviceCount));
    return fmt::format("{}", fmt::join(parts, "; "));
}

double medianOf(const RunRecord& run) {
    const auto found = run.summary.find("median_samples_per_s");
    return found != run.summary.end() && found->is_number() ? found->get<double>() : 0.0;
}

double metricValue(const RunRecord& run, CompareMetric metric) {
    const double median = medianOf(run);
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

}  // namespace

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
    std::optional<Workload> reference;
    if (baseline) {
        reference = workloadOf(*baseline);
    } else if (!runs.empty()) {
        std::vector<std::pair<Workload, int>> counts;
        for (const auto& run : runs) {
            const auto workload = workloadOf(run);
            auto found = std::find_if(counts.begin(), counts.end(), [&](const auto& item) { return item.first == workload; });
            if (found == counts.end())
                counts.emplace_back(workload, 1);
            else
                ++found->second;
        }
        reference = std::max_element(counts.begin(), counts.end(), [](const auto& a, const auto& b) {
                        return a.second < b.second;
                    })->first;
    }
    const double baseValue = baseline ? metricValue(*baseline, metric) : kNaN;
    for (const auto& run : runs) {
        RunComparisonEntry entry;
        entry.runId = run.id;
        entry.runName = run.name;
        entry.device = runDeviceLabel(run);
        entry.configuration = runConfigurationLabel(run);
        entry.reference = run.source == "reference";
        entry.value = metricValue(run, metric);
        entry.speedup = std::isfinite(baseValue) && baseValue > 0 ? entry.value / baseValue : kNaN;
        const auto workload = workloadOf(run);
        entry.workloadDiffers = reference && !(workload == *reference);
        if (entry.workloadDiffers) entry.workloadNote = describeDifference(workload, *reference);
        comparison.entries.push_back(std::move(entry));
    }
    return comparison;
}

}  // namespace bb
