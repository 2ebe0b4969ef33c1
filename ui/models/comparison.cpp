#include "models/comparison.h"

#include <QCoreApplication>
#include <QMap>

#include <algorithm>
#include <cmath>
#include <tuple>

#include "bridgebench/study_runs.h"
#include "models/note_text.h"
#include "models/run_table_model.h"
#include "models/tell_apart.h"

namespace bb::ui {

namespace {

// Comparison's own translation context, named where lupdate can see it (a free tr() hid it).
class ComparisonText {
    Q_DECLARE_TR_FUNCTIONS(bb::ui::Comparison)
};

}  // namespace

QString workloadDifferencesText(const std::vector<WorkloadDifference>& differences) {
    QStringList parts;
    for (const auto& difference : differences) {
        const QString ours = QString::fromStdString(difference.runValue);
        const QString theirs = QString::fromStdString(difference.baselineValue);
        switch (difference.field) {
        case WorkloadField::Model: parts << ComparisonText::tr("model %1 vs %2").arg(ours, theirs); break;
        case WorkloadField::BatchSize: parts << ComparisonText::tr("batch %1 vs %2").arg(ours, theirs); break;
        case WorkloadField::ImageSize: parts << ComparisonText::tr("image size %1 vs %2").arg(ours, theirs); break;
        case WorkloadField::TextLength: parts << ComparisonText::tr("text length %1 vs %2").arg(ours, theirs); break;
        case WorkloadField::Precision: parts << ComparisonText::tr("precision %1 vs %2").arg(ours, theirs); break;
        case WorkloadField::DeviceCount: parts << ComparisonText::tr("devices %1 vs %2").arg(ours, theirs); break;
        }
    }
    return parts.join(QStringLiteral("; "));
}

QString workloadFieldsText(const std::vector<WorkloadField>& fields) {
    QStringList names;
    for (const auto field : fields) {
        switch (field) {
        case WorkloadField::Model: names << ComparisonText::tr("model"); break;
        case WorkloadField::BatchSize: names << ComparisonText::tr("batch"); break;
        case WorkloadField::ImageSize: names << ComparisonText::tr("image size"); break;
        case WorkloadField::TextLength: names << ComparisonText::tr("text length"); break;
        case WorkloadField::Precision: names << ComparisonText::tr("precision"); break;
        case WorkloadField::DeviceCount: names << ComparisonText::tr("device count"); break;
        }
    }
    return names.join(QStringLiteral(", "));
}

namespace {

// The unknown fields that make a sample's work unknown (UnknownWork's reason).
QString describeUnknownWork(const std::vector<WorkloadField>& fields) {
    std::vector<WorkloadField> work;
    for (const auto field : fields)
        if (changesTheWork(field)) work.push_back(field);
    return workloadFieldsText(work);
}

// Two runs in one cell (reruns) each keep a bar of their own, every one of them named by what
// tells it from the others, not only the second.
void nameRunsSharingACell(std::vector<ComparisonEntry>& entries) {
    QStringList cells;
    QStringList names;
    QVector<qint64> ids;
    for (const auto& entry : entries) {
        cells << entry.category + QLatin1Char('\n') + entry.configuration;
        // A published figure is told from a rerun of its setting as what it is, not by its long name.
        names << (entry.published           ? ComparisonText::tr("published")
                  : entry.measuredReference ? ComparisonText::tr("measured reference")
                                            : entry.runName);
        ids << entry.runId;
    }
    const QStringList labels = tellApartWithinCells(cells, names, ids);
    for (std::size_t index = 0; index < entries.size(); ++index)
        if (const QString& label = labels[static_cast<int>(index)]; !label.isEmpty())
            entries[index].configuration += QStringLiteral(" (%1)").arg(label);
}

}  // namespace

QString comparisonCategory(const RunRecord& run, bool withDate) {
    QString label = deviceLabel(run);
    if (withDate && isReference(run.origin)) {
        const auto& date = run.environment.date;
        if (!date.empty()) label += QStringLiteral(" (%1)").arg(QString::fromStdString(date));
    }
    return label;
}

QString comparisonConfiguration(const RunRecord& run) {
    // A peer's run in its own words ("workers 1, adamw_torch_fused"): its optimizer and compilation
    // are no settings of the engine's, and two of its runs may share a worker count.
    if (const auto own = peerConfiguration(run); !own.empty()) return QString::fromStdString(own);
    QString label = run.workers ? ComparisonText::tr("workers %1").arg(*run.workers) : ComparisonText::tr("workers unknown");
    const auto note = run.config.noteText();
    if (!note.empty())
        label += QStringLiteral(" + ") + QString::fromStdString(note);
    else if (run.deviceTransforms.value_or(false))
        label += QStringLiteral(" + ") + ComparisonText::tr("device-side loading");
    return label;
}

const ComparisonEntry* Comparison::find(const QString& category, const QString& configuration) const {
    for (const auto& entry : entries)
        if (entry.category == category && entry.configuration == configuration) return &entry;
    return nullptr;
}

Comparison buildComparison(const std::vector<RunRecord>& runs, CompareMetric metric,
                           const ComparisonBaseline& baseline) {
    CompareBaseline core;
    if (baseline.kind == ComparisonBaseline::Kind::Run &&
        std::any_of(runs.begin(), runs.end(), [&](const RunRecord& run) { return run.id == baseline.runId; }))
        core = {CompareBaseline::Kind::Run, baseline.runId, {}};
    else if (baseline.kind == ComparisonBaseline::Kind::Device)
        core = {CompareBaseline::Kind::Device, 0, baseline.category.toStdString()};
    const RunComparison compared = compareRuns(runs, metric, core);

    Comparison comparison;
    switch (metric) {
    case CompareMetric::SamplesPerSec: comparison.unit = ComparisonText::tr("samples/s"); break;
    case CompareMetric::SamplesPerSecPerDevice: comparison.unit = ComparisonText::tr("samples/s per device"); break;
    // Short: the unit titles the chart's value axis, which Qt Charts elides past the plot's
    // height; the metric's menu says "achieved".
    case CompareMetric::AchievedTflops: comparison.unit = ComparisonText::tr("TFLOP/s"); break;
    case CompareMetric::AchievedTflopsPerDevice: comparison.unit = ComparisonText::tr("TFLOP/s per device"); break;
    case CompareMetric::Mfu: comparison.unit = ComparisonText::tr("MFU %"); break;
    }
    comparison.baselineLabel = QString::fromStdString(compared.baselineName);
    comparison.anySpeedupRefused = compared.anySpeedupRefused();
    comparison.anyUnknownWork = std::any_of(compared.entries.begin(), compared.entries.end(),
                                            [](const auto& entry) { return entry.noSpeedup == NoSpeedup::UnknownWork; });
    if (compared.anyWorkloadDiffers())
        comparison.daggerNote = compared.workloadAgainst == WorkloadAgainst::Baseline
                                    ? ComparisonText::tr("† different workload than the baseline")
                                    : ComparisonText::tr("† different workload than most of the runs");
    for (const auto& group : compared.groups) comparison.categories << QString::fromStdString(group);

    // The chart's configurations in the study's order: workers, then device-side loading; a peer's
    // after them all, so that the study's configurations keep their colours beside a peer's table.
    std::vector<std::size_t> order(runs.size());
    for (std::size_t index = 0; index < order.size(); ++index) order[index] = index;
    // Unknown workers come after the known ones, and unknown device-side loading sorts as none.
    const auto key = [&](std::size_t index) {
        const RunRecord& run = runs[index];
        return std::make_tuple(isPeerReference(run), !run.workers.has_value(), run.workers.value_or(0),
                               run.deviceTransforms.value_or(false));
    };
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return key(a) < key(b); });
    auto nameOf = [&](std::optional<std::int64_t> id) {
        for (const auto& entry : compared.entries)
            if (id && entry.runId == *id) return QString::fromStdString(entry.runName);
        return QString();
    };
    // Each group in the window's words: core names the device ("2× H100 (count inferred)") and
    // what it adds after it (a table's date, a peer) stays as core wrote it.
    QMap<QString, QString> shownGroups;
    for (std::size_t index = 0; index < compared.entries.size(); ++index) {
        const auto& from = compared.entries[index];
        const QString group = QString::fromStdString(from.group);
        shownGroups[group] = from.group.starts_with(from.device)
                                 ? deviceLabel(runs[index]) + QString::fromStdString(from.group.substr(from.device.size()))
                                 : group;
    }
    for (const std::size_t index : order) {
        const auto& from = compared.entries[index];
        ComparisonEntry entry;
        entry.runId = from.runId;
        entry.runName = QString::fromStdString(from.runName);
        entry.category = QString::fromStdString(from.group);
        entry.configuration = comparisonConfiguration(runs[index]);
        entry.setting = entry.configuration;
        entry.reference = from.reference;
        entry.published = from.published;
        entry.measuredReference = from.measuredReference;
        entry.measuredWith = from.measuredWith;
        entry.value = from.value;
        entry.speedup = from.speedup;
        entry.noSpeedup = from.noSpeedup;
        switch (from.noSpeedup) {
        case NoSpeedup::None:
        case NoSpeedup::NoBaseline: break;
        case NoSpeedup::NoValue: entry.speedupNote = ComparisonText::tr("%1 has no value in this metric").arg(entry.runName); break;
        case NoSpeedup::BaseHasNoValue:
            entry.speedupNote = ComparisonText::tr("%1 has no value in this metric").arg(nameOf(from.baseRunId));
            break;
        case NoSpeedup::NoRunOfSetting:
            entry.speedupNote = ComparisonText::tr("%1 has no run with %2 to compare against").arg(baseline.category, entry.setting);
            break;
        case NoSpeedup::OtherWork:
            entry.speedupNote = ComparisonText::tr("Not like for like (%1): %2 does not hold that out, so no speedup is "
                                                   "shown; achieved TFLOP/s per device does")
                                    .arg(workloadDifferencesText(from.differences), comparison.unit);
            break;
        case NoSpeedup::UnknownWork:
            entry.speedupNote = ComparisonText::tr("Not shown to be like for like (%1 unknown): %2 of two runs compare "
                                                   "only for the same work per sample, so no speedup is shown")
                                    .arg(describeUnknownWork(from.unknownFields), comparison.unit);
            break;
        }
        entry.workloadNote = workloadDifferencesText(from.differences);
        entry.workloadDiffers = from.workloadDiffers;
        entry.workloadHeldOut = workloadDifferencesText(from.heldOut);
        entry.workloadUnknown = workloadFieldsText(from.unknownFields);
        // Core words the figures' sources (they name files, datasheets and models, not UI text).
        entry.tflopsPerDevice = from.tflopsPerDevice;
        entry.mfu = from.mfu;
        QStringList note;
        if (!from.flopsBasis.empty()) note << QString::fromStdString(from.flopsBasis);
        if (!from.flopsUnknownWhy.empty()) note << QString::fromStdString(from.flopsUnknownWhy);
        for (const auto& assumption : from.flopsAssumptions) note << QString::fromStdString(assumption);
        note << QString::fromStdString(from.mfuNote);
        entry.flopsNote = note.join(QStringLiteral("\n"));
        entry.otherProcesses = otherProcessesText(runs[index]);
        comparison.entries.push_back(entry);
    }
    nameRunsSharingACell(comparison.entries);
    for (const auto& category : comparison.categories) {
        bool measuredOnly = false;
        bool peerOnly = false;  // its group already names the peer that measured it
        for (const auto& entry : comparison.entries) {
            if (entry.category != category) continue;
            measuredOnly = entry.measuredReference;
            peerOnly = !entry.measuredWith.empty();
            if (!measuredOnly) break;
        }
        const QString shown = shownGroups.value(category, category);
        comparison.categoryLabels << (measuredOnly && !peerOnly ? ComparisonText::tr("%1 (BridgeBench)").arg(shown)
                                                                : shown);
    }
    for (const auto& entry : comparison.entries)
        if (!comparison.configurations.contains(entry.configuration)) comparison.configurations << entry.configuration;
    return comparison;
}

}  // namespace bb::ui
