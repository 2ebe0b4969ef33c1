#include "report/report_content.h"

#include <algorithm>
#include <cmath>

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <nlohmann/json.hpp>

#include "bridgebench/build_info.h"
#include "bridgebench/run_samples_per_sec.h"
#include "bridgebench/speedup_figure.h"
#include "bridgebench/diagnosis.h"
#include "bridgebench/diagnosis_timeline.h"
#include "bridgebench/timeline_summary.h"
#include "util/time_format.h"

namespace bb::report {

namespace {

void flatten(const nlohmann::json& value, const std::string& prefix, std::vector<std::pair<std::string, std::string>>& out) {
    if (value.is_object() && !value.empty()) {
        for (const auto& [key, item] : value.items()) flatten(item, prefix.empty() ? key : prefix + "." + key, out);
    } else {
        out.emplace_back(prefix, value.is_string() ? value.get<std::string>() : value.dump());
    }
}

}  // namespace

std::string figure(double value) {
    if (!std::isfinite(value)) return "–";
    const double magnitude = std::abs(value);
    if (magnitude >= 1 || magnitude == 0) return fmt::format("{:.1f}", value);
    // Below 1, three significant digits as the window shows them: a CPU's 0.0134 samples/s
    // read "0.0" in the report, beside its "(1.00×)".
    const int decimals = 2 - static_cast<int>(std::floor(std::log10(magnitude)));
    return fmt::format("{:.{}f}", value, decimals);
}

std::string tflopsFigure(double value) {
    if (!std::isfinite(value)) return "–";
    return value >= 100 ? fmt::format("{:.0f}", value) : fmt::format("{:.3g}", value);
}

}  // namespace bb::report

namespace bb {

RunComparison reportComparison(const ReportInput& input) {
    std::vector<RunRecord> records;
    for (const auto& data : input.runs) records.push_back(data.run);
    if (input.baseline.kind != CompareBaseline::Kind::None) return compareRuns(records, input.metric, input.baseline);
    return compareRuns(records, input.metric, input.baselineRunId);
}

}  // namespace bb

namespace bb::report {

std::string baselineText(const RunComparison& comparison) {
    if (comparison.baselineRunId)
        return fmt::format("speedups against run #{} {}", *comparison.baselineRunId, comparison.baselineName);
    if (comparison.baseline.kind == CompareBaseline::Kind::Device && !comparison.baselineName.empty())
        return fmt::format("speedups against the device {}: each run against its run of the same configuration",
                           comparison.baselineName);
    if (comparison.baseline.kind == CompareBaseline::Kind::Device)
        return fmt::format("no speedups: no compared run is on the baseline device {}", comparison.baseline.group);
    return "no baseline, so no speedups";
}

ReportContent buildReportContent(const ReportInput& input) {
    ReportContent content;
    content.title = input.title;
    content.generated = fmt::format("{} by BridgeBench {}", isoUtcNow(), buildInfo().appVersion);
    content.comparison = reportComparison(input);
    content.baseline = baselineText(content.comparison);

    content.summary.header = {"id", "run", "source", "device", "configuration", "batch", "precision",
                              "samples/s", "p5–p95", "data wait", "TFLOP/s", "TFLOP/s per device", "MFU",
                              "speedup", "workload"};
    for (std::size_t index = 0; index < input.runs.size(); ++index) {
        const auto& run = input.runs[index].run;
        const auto& entry = content.comparison.entries[index];
        const double p5 = run.summary.p5SamplesPerSec.value_or(std::nan(""));
        const double p95 = run.summary.p95SamplesPerSec.value_or(std::nan(""));
        const double wait = run.summary.dataWaitShare.value_or(std::nan(""));
        const double samplesPerSec = runSamplesPerSec(run);
        content.summary.rows.push_back(
            // The study's published figures and the tables BridgeBench measured are both stored as
            // "reference", but are different sources.
            {std::to_string(run.id), run.name,
             entry.published                ? "published"
             : !entry.measuredWith.empty()  ? "measured with " + entry.measuredWith
             : entry.measuredReference      ? "measured reference"
                                            : std::string(storedSource(run.origin)),
             entry.device,
             entry.configuration,
             run.batchSize ? std::to_string(*run.batchSize) : "–", run.precision.empty() ? "–" : run.precision,
             figure(samplesPerSec > 0 ? samplesPerSec : std::nan("")) + (entry.otherProcesses.empty() ? "" : " ‡"),
             p5 > 0 && p95 > 0 ? fmt::format("{}–{}", figure(p5), figure(p95)) : "–",
             // An import's steps without a breakdown never measured a wait: unknown, not "0%".
             std::isfinite(wait) && canDiagnose(input.runs[index].steps) ? fmt::format("{:.0f}%", wait * 100) : "–",
             tflopsFigure(entry.tflops), tflopsFigure(entry.tflopsPerDevice),
             !std::isfinite(entry.mfu) ? "–"
             : entry.mfu >= 0.001      ? fmt::format("{:.1f}%", entry.mfu * 100)
                                       : fmt::format("{:.2g}%", entry.mfu * 100),
             std::isfinite(entry.speedup) ? "×" + speedupFigure(entry.speedup) : "–",
             // As `compare` and the window say it: a field either side does not know is no "same".
             (entry.workloadDiffers              ? "† " + entry.workloadNote
              : !entry.workloadUnknown.empty()   ? "unknown: " + entry.workloadUnknown
                                                 : "same") +
                 (entry.workloadHeldOut.empty() ? "" : " (held out: " + entry.workloadHeldOut + ")") +
                 (entry.noSpeedup == NoSpeedup::OtherWork     ? " (no speedup: other work per sample)"
                  : entry.noSpeedup == NoSpeedup::UnknownWork ? " (no speedup: workload unknown)"
                                                              : "")});
        if (!entry.otherProcesses.empty())
            content.otherProcessesNotes.push_back(fmt::format("#{}: {}", run.id, entry.otherProcesses));
        // Where the FLOP/s and MFU figures come from, deduplicated: the study's ten runs share one.
        std::vector<std::string> lines{entry.flopsBasis.empty() ? "TFLOP/s unknown: " + entry.flopsUnknownWhy
                                                                : "TFLOP/s: " + entry.flopsBasis};
        for (const auto& assumption : entry.flopsAssumptions) lines.push_back("assumes " + assumption);
        lines.push_back("MFU: " + entry.mfuNote);
        for (auto& line : lines) {
            line = fmt::format("#{}: {}", run.id, line);
            const auto seen = std::find_if(content.flopsNotes.begin(), content.flopsNotes.end(), [&](const auto& note) {
                return note.substr(note.find(':')) == line.substr(line.find(':'));
            });
            if (seen == content.flopsNotes.end()) content.flopsNotes.push_back(line);
        }
    }

    std::vector<std::string> withoutSteps;
    for (const auto& data : input.runs) {
        // Published and headline-only figures have no steps: one line for all of them, not a
        // section each saying "nothing to diagnose" (five pages of it for the study's table).
        if (data.steps.empty()) {
            withoutSteps.push_back(fmt::format("#{}", data.run.id));
            continue;
        }
        RunSection section;
        section.heading = fmt::format("#{} {}", data.run.id, data.run.name);
        const TimelineSummary timeline = summarizeTimeline(data.timeline);
        if (!canDiagnose(data.steps)) {
            section.diagnosis.push_back("The steps of this run carry wall-clock times only (imported logs), not "
                                        "the data-wait and compute parts the diagnosis models.");
        } else {
            Diagnosis diagnosis = diagnose(profileRun(data.run, data.steps));
            addTimelineEvidence(diagnosis, timeline);
            section.diagnosis.push_back(fmt::format("{} (data wait {:.0f}% of step time).", diagnosis.bound,
                                                    diagnosis.dataWaitShare * 100));
            section.diagnosis.push_back(diagnosis.explanation);
            for (const auto& evidence : diagnosis.evidence) section.diagnosis.push_back("Timeline: " + evidence.text + ".");
            for (const auto& warning : diagnosis.warnings) section.diagnosis.push_back("Warning: " + warning.text);
            for (const auto& assumption : diagnosis.assumptions) section.diagnosis.push_back("Assumes " + assumption.text);
        }
        flatten(data.run.environment, "", section.environment);
        content.runs.push_back(std::move(section));
    }
    if (!withoutSteps.empty())
        content.withoutSteps = fmt::format("{} {} no per-step measurements (published or headline-only figures): "
                                           "nothing to diagnose.",
                                           fmt::join(withoutSteps, ", "), withoutSteps.size() == 1 ? "has" : "have");
    return content;
}

}  // namespace bb::report
