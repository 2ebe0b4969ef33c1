#include "bridgebench/run_comparison.h"
#include "bridgebench/mini_clip_size.h"
#include "bridgebench/study_runs.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <set>
#include <stdexcept>

#include <fmt/format.h>
#include <fmt/ranges.h>  // fmt::join, there since {fmt} 11

#include "bridgebench/model_catalog.h"
#include "bridgebench/other_processes.h"
#include "bridgebench/run_flops.h"
#include "bridgebench/run_mfu.h"
#include "bridgebench/run_samples_per_sec.h"
#include "bridgebench/run_text_length.h"
#include "bridgebench/study_runs.h"

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

bool known(const std::string& text) { return !text.empty() && text != "unknown"; }

bool fieldKnown(const RunWorkload& workload, WorkloadField field) {
    switch (field) {
    case WorkloadField::Model: return known(workload.model);
    case WorkloadField::BatchSize: return workload.batchSize > 0;
    case WorkloadField::ImageSize: return workload.imageSizePx > 0;
    case WorkloadField::TextLength: return workload.textLength > 0;
    case WorkloadField::Precision: return known(workload.precision);
    case WorkloadField::DeviceCount: return workload.deviceCount > 0;
    }
    return false;
}

// "model (#23's)" where only what the run is held against lacks it: three imports that each name
// their model read "unknown: model" because the first one's was unknown.
std::string describeUnknown(const RunWorkload& run, const RunWorkload& baseline, const std::string& baselineName) {
    std::vector<std::string> names;
    for (const auto field : unknownWorkloadFields(run, baseline)) {
        std::string name(workloadFieldName(field));
        if (fieldKnown(run, field) && !baselineName.empty()) name += " (" + baselineName + "'s)";
        names.push_back(std::move(name));
    }
    return fmt::format("{}", fmt::join(names, ", "));
}

}  // namespace

RunWorkload runWorkload(const RunRecord& run) {
    RunWorkload workload{run.model,     {}, run.batchSize.value_or(0), 0, runTextLength(run).tokens, run.precision,
                         run.deviceCount.value_or(0), deviceCountInferred(run)};
    workload.imageSizePx = run.config.imageSizePx.value_or(0);
    if (const auto model = resolveBridgeTowerModel(run.model, run.config.modelConfig)) {
        workload.architecture = model->preset;
        // A named model fixes the image size it runs at unless the run says otherwise.
        if (workload.imageSizePx <= 0) workload.imageSizePx = model->config.vision.imageSizePx;
    }
    if (workload.imageSizePx <= 0 && run.model == "mini-clip" && ranOnTheEngine(run))
        workload.imageSizePx = kMiniClipImageSizePx;
    return workload;
}

bool runWorkersKnown(const RunRecord& run) { return run.workers.has_value(); }

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
        differences.push_back({WorkloadField::DeviceCount,
                               std::to_string(run.deviceCount) + (run.deviceCountInferred ? " (inferred)" : ""),
                               std::to_string(baseline.deviceCount) + (baseline.deviceCountInferred ? " (inferred)" : "")});
    return differences;
}

double runMetricValue(const RunRecord& run, CompareMetric metric) {
    const double samplesPerSec = runSamplesPerSec(run);
    switch (metric) {
    case CompareMetric::SamplesPerSec: return samplesPerSec > 0 ? samplesPerSec : kNaN;
    case CompareMetric::SamplesPerSecPerDevice:
        return samplesPerSec > 0 && run.deviceCount ? samplesPerSec / static_cast<double>(*run.deviceCount) : kNaN;
    case CompareMetric::AchievedTflops: {
        const auto flops = runFlops(run);
        return flops.known() ? flops.achievedFlopsPerSec / 1e12 : kNaN;
    }
    case CompareMetric::AchievedTflopsPerDevice: {
        const auto flops = runFlops(run);
        return flops.perDeviceKnown() ? flops.achievedFlopsPerSecPerDevice / 1e12 : kNaN;
    }
    case CompareMetric::Mfu: {
        const auto mfu = runMfu(run);
        return mfu.known() ? mfu.mfu * 100 : kNaN;
    }
    }
    return kNaN;
}

bool deviceCountInferred(const RunRecord& run) { return run.environment.inferred.contains("device_count"); }

std::string runDeviceLabel(const RunRecord& run) {
    std::string name = run.deviceName.empty() ? run.deviceKind : run.deviceName;
    if (name.empty()) name = "unknown device";
    if (!run.deviceCount) return name + " (count unknown)";
    return fmt::format("{}× {}{}", *run.deviceCount, name, deviceCountInferred(run) ? " (count inferred)" : "");
}

std::string runConfigurationLabel(const RunRecord& run) {
    std::string label = run.workers ? fmt::format("workers {}", *run.workers) : "workers unknown";
    if (const auto note = run.config.noteText(); !note.empty())
        label += " + " + note;
    else if (run.deviceTransforms.value_or(false))
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

bool changesTheWork(WorkloadField field) {
    return field == WorkloadField::Model || field == WorkloadField::ImageSize || field == WorkloadField::TextLength;
}

bool RunComparison::anyWorkloadDiffers() const {
    return std::any_of(entries.begin(), entries.end(), [](const auto& entry) { return entry.workloadDiffers; });
}

bool speedupRefused(NoSpeedup why) { return why == NoSpeedup::OtherWork || why == NoSpeedup::UnknownWork; }

bool RunComparison::anySpeedupRefused() const {
    return std::any_of(entries.begin(), entries.end(), [](const auto& entry) { return speedupRefused(entry.noSpeedup); });
}

std::string RunComparison::refusedNote() const {
    const auto any = [&](NoSpeedup why) {
        return std::any_of(entries.begin(), entries.end(), [&](const auto& entry) { return entry.noSpeedup == why; });
    };
    const bool other = any(NoSpeedup::OtherWork);
    const bool unknown = any(NoSpeedup::UnknownWork);
    if (other && unknown) return "no speedup where a sample is other work or its workload is unknown";
    if (other) return "no speedup where a sample is other work";
    if (unknown) return "no speedup where a workload is unknown";
    return {};
}

std::string RunComparison::daggerNote() const {
    if (!anyWorkloadDiffers()) return {};
    return workloadAgainst == WorkloadAgainst::Baseline ? "† different workload than the baseline"
                                                        : "† different workload than most of the runs";
}

RunComparison compareRuns(const std::vector<RunRecord>& runs, CompareMetric metric,
                          std::optional<std::int64_t> baselineRunId) {
    CompareBaseline baseline;
    if (baselineRunId) baseline = {CompareBaseline::Kind::Run, *baselineRunId, {}};
    return compareRuns(runs, metric, baseline);
}

RunComparison compareRuns(const std::vector<RunRecord>& runs, CompareMetric metric, const CompareBaseline& baseline) {
    RunComparison comparison;
    comparison.metric = metric;
    comparison.unit = metricUnit(metric);
    comparison.baseline = baseline;

    const RunRecord* baselineRun = nullptr;
    if (baseline.kind == CompareBaseline::Kind::Run) {
        const auto found = std::find_if(runs.begin(), runs.end(), [&](const auto& run) { return run.id == baseline.runId; });
        if (found == runs.end()) throw std::invalid_argument(fmt::format("baseline run {} is not compared", baseline.runId));
        baselineRun = &*found;
        comparison.baselineRunId = baseline.runId;
        comparison.baselineName = baselineRun->name;
    }

    // Reference tables from several dates share devices; the date keeps them apart. A device only
    // one table has (an H200 BridgeBench measured, beside the study's) needs none.
    std::map<std::string, std::set<std::string>> referenceDates;  // device → the tables' dates
    for (const auto& run : runs)
        if (isReference(run.origin) && !run.environment.date.empty())
            referenceDates[runDeviceLabel(run)].insert(run.environment.date);
    const bool withDate = std::any_of(referenceDates.begin(), referenceDates.end(),
                                      [](const auto& device) { return device.second.size() > 1; });

    for (const auto& run : runs) {
        RunComparisonEntry entry;
        entry.runId = run.id;
        entry.runName = run.name;
        entry.device = runDeviceLabel(run);
        entry.group = entry.device;
        if (withDate && isReference(run.origin) && !run.environment.date.empty())
            entry.group += fmt::format(" ({})", run.environment.date);
        entry.configuration = runConfigurationLabel(run);
        entry.reference = isReference(run.origin);
        entry.published = isPublishedFigure(run);
        entry.measuredReference = isMeasuredReference(run);
        entry.measuredWith = peerOf(run);
        if (!entry.measuredWith.empty()) {
            // Drawn apart from BridgeBench's table of the same device and date, under its measurer.
            entry.group += " (" + entry.measuredWith + ")";
            // The peer's own words for what it ran ("workers 1, adamw_torch_fused"): its optimizer
            // and compilation are no settings of the engine's.
            if (const auto own = peerConfiguration(run); !own.empty()) entry.configuration = own;
        }
        entry.value = runMetricValue(run, metric);
        entry.speedup = kNaN;
        const auto flops = runFlops(run);
        const auto mfu = runMfu(run, flops);
        entry.tflops = flops.known() ? flops.achievedFlopsPerSec / 1e12 : kNaN;
        entry.tflopsPerDevice = flops.perDeviceKnown() ? flops.achievedFlopsPerSecPerDevice / 1e12 : kNaN;
        entry.mfu = mfu.known() ? mfu.mfu : kNaN;
        entry.flopsBasis = flops.basis;
        if (!flops.known()) entry.flopsUnknownWhy = flops.unknownWhy;
        entry.flopsAssumptions = flops.assumptions;
        for (const auto& assumption : mfu.assumptions) entry.flopsAssumptions.push_back(assumption);
        entry.mfuNote = mfu.known() ? mfu.peakSource : mfu.reason;
        if (auto note = otherProcessesNote(run)) entry.otherProcesses = std::move(note->text);
        if (std::find(comparison.groups.begin(), comparison.groups.end(), entry.group) == comparison.groups.end())
            comparison.groups.push_back(entry.group);
        comparison.entries.push_back(std::move(entry));
    }

    // Each entry's base: the baseline run, or on a device baseline that device's first run of the
    // entry's configuration (the device's own runs are their own bases: its reruns each ×1.00).
    const bool deviceBaseline = baseline.kind == CompareBaseline::Kind::Device &&
                                std::find(comparison.groups.begin(), comparison.groups.end(), baseline.group) !=
                                    comparison.groups.end();
    if (deviceBaseline) comparison.baselineName = baseline.group;
    std::vector<std::optional<std::size_t>> baseOf(runs.size());
    for (std::size_t index = 0; index < runs.size(); ++index) {
        const auto& entry = comparison.entries[index];
        if (baselineRun) {
            baseOf[index] = static_cast<std::size_t>(baselineRun - runs.data());
        } else if (deviceBaseline) {
            if (entry.group == baseline.group) {
                baseOf[index] = index;
                continue;
            }
            for (std::size_t other = 0; other < runs.size() && !baseOf[index]; ++other)
                if (comparison.entries[other].group == baseline.group &&
                    comparison.entries[other].configuration == entry.configuration)
                    baseOf[index] = other;
        }
    }

    // The workload everything is held against where it has no base of its own: the baseline's,
    // the baseline device's first run's, else the most common one.
    std::optional<RunWorkload> reference;
    if (baselineRun) {
        reference = runWorkload(*baselineRun);
    } else if (deviceBaseline) {
        for (std::size_t index = 0; index < runs.size() && !reference; ++index)
            if (comparison.entries[index].group == baseline.group) reference = runWorkload(runs[index]);
    } else {
        reference = mostCommonWorkload(runs);
    }
    comparison.workloadAgainst = baselineRun || deviceBaseline ? WorkloadAgainst::Baseline
                                 : reference                   ? WorkloadAgainst::MostCommon
                                                               : WorkloadAgainst::Nothing;

    for (std::size_t index = 0; index < runs.size(); ++index) {
        auto& entry = comparison.entries[index];
        const auto workload = runWorkload(runs[index]);
        const std::optional<RunWorkload> against = baseOf[index] ? runWorkload(runs[*baseOf[index]]) : reference;
        if (against) {
            for (auto& difference : workloadDifferences(workload, *against))
                (metricHoldsOut(metric, difference.field) ? entry.heldOut : entry.differences).push_back(difference);
            entry.unknownFields = unknownWorkloadFields(workload, *against);
            entry.workloadNote = describeDifferences(workload, *against, metric, false);
            entry.workloadDiffers = !entry.differences.empty();
            entry.workloadHeldOut = describeDifferences(workload, *against, metric, true);
            entry.workloadUnknown = describeUnknown(
                workload, *against, baseOf[index] ? fmt::format("#{}", runs[*baseOf[index]].id) : "the common workload");
        }

        if (baseline.kind == CompareBaseline::Kind::None || (!baselineRun && !deviceBaseline)) {
            entry.noSpeedup = NoSpeedup::NoBaseline;
            if (baseline.kind == CompareBaseline::Kind::Device)
                entry.speedupNote = fmt::format("no run is on {}", baseline.group);
            continue;
        }
        if (!baseOf[index]) {
            entry.noSpeedup = NoSpeedup::NoRunOfSetting;
            entry.speedupNote = fmt::format("{} has no run with {} to compare against", baseline.group, entry.configuration);
            continue;
        }
        const auto& base = comparison.entries[*baseOf[index]];
        entry.baseRunId = base.runId;
        const bool otherWork = std::any_of(entry.differences.begin(), entry.differences.end(),
                                           [](const auto& difference) { return changesTheWork(difference.field); });
        // A run is its own base (a device baseline's own runs): the same work, known or not.
        std::vector<std::string> unknownWork;
        if (*baseOf[index] != index)
            for (const auto field : entry.unknownFields)
                if (changesTheWork(field) && !metricHoldsOut(metric, field))
                    unknownWork.emplace_back(workloadFieldName(field));
        if (!std::isfinite(entry.value) || entry.value <= 0) {
            entry.noSpeedup = NoSpeedup::NoValue;
            entry.speedupNote = fmt::format("{} has no value in this metric", entry.runName);
        } else if (!std::isfinite(base.value) || base.value <= 0) {
            entry.noSpeedup = NoSpeedup::BaseHasNoValue;
            entry.speedupNote = fmt::format("{} has no value in this metric", base.runName);
        } else if (otherWork) {
            // Samples of other work are not one unit: a tiny CPU model as the baseline made 8×
            // Gaudi2 "×3.75" in samples/s, and a CPU "outranked" an H100 per device.
            entry.noSpeedup = NoSpeedup::OtherWork;
            entry.speedupNote = fmt::format("not like for like ({}): {} does not hold that out; achieved TFLOP/s does",
                                            entry.workloadNote, comparison.unit);
        } else if (!unknownWork.empty()) {
            // An import that names no model read "×1.88": a ratio nobody can show is of the same work.
            entry.noSpeedup = NoSpeedup::UnknownWork;
            entry.speedupNote = fmt::format("not shown to be like for like ({} unknown): {} of two runs compare only "
                                            "for the same work per sample",
                                            fmt::join(unknownWork, ", "), comparison.unit);
        } else {
            entry.noSpeedup = NoSpeedup::None;
            entry.speedup = entry.value / base.value;
        }
    }
    return comparison;
}

}  // namespace bb
