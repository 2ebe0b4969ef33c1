#include "models/comparison.h"

#include <QCoreApplication>

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <set>

#include "bridgebench/run_mfu.h"
#include "models/note_text.h"
#include "models/run_table_model.h"
#include "models/tell_apart.h"

namespace bb::ui {

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

// Comparison's own translation context, named where lupdate can see it (a free tr() hid it).
class ComparisonText {
    Q_DECLARE_TR_FUNCTIONS(bb::ui::Comparison)
};

// The differences `metric` holds out (heldOut) or those it does not (core's metricHoldsOut).
QString describeDifferences(const RunWorkload& run, const RunWorkload& baseline, CompareMetric metric, bool heldOut) {
    QStringList parts;
    for (const auto& difference : workloadDifferences(run, baseline)) {
        if (metricHoldsOut(metric, difference.field) != heldOut) continue;
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

QString describeUnknown(const RunWorkload& run, const RunWorkload& baseline) {
    QStringList names;
    for (const auto field : unknownWorkloadFields(run, baseline)) {
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

// Two runs in one cell (reruns) each keep a bar of their own, every one of them named by what
// tells it from the others, not only the second.
void nameRunsSharingACell(std::vector<ComparisonEntry>& entries) {
    QStringList cells;
    QStringList names;
    QVector<qint64> ids;
    for (const auto& entry : entries) {
        cells << entry.category + QLatin1Char('\n') + entry.configuration;
        // A published figure is told from a rerun of its setting as what it is, not by its long name.
        names << (entry.reference ? RunTableModel::tr("reference") : entry.runName);
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
    if (withDate && run.source == "reference") {
        const auto date = run.environment.value("date", std::string());
        if (!date.empty()) label += QStringLiteral(" (%1)").arg(QString::fromStdString(date));
    }
    return label;
}

QString comparisonConfiguration(const RunRecord& run) {
    QString label = runWorkersKnown(run) ? ComparisonText::tr("workers %1").arg(run.workers)
                                         : ComparisonText::tr("workers unknown");
    const auto note = run.config.value("note", std::string());
    if (!note.empty())
        label += QStringLiteral(" + ") + QString::fromStdString(note);
    else if (run.deviceTransforms)
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
    // Reference tables from several dates share devices; the date keeps them apart. A device only
    // one table has (an H200 BridgeBench measured, beside the study's) needs none.
    std::map<std::string, std::set<std::string>> referenceDates;  // device → the tables' dates
    for (const auto& run : runs) {
        const auto date = run.environment.value("date", std::string());
        if (run.source == "reference" && !date.empty()) referenceDates[runDeviceLabel(run)].insert(date);
    }
    const bool withDate = std::any_of(referenceDates.begin(), referenceDates.end(),
                                      [](const auto& device) { return device.second.size() > 1; });

    std::vector<const RunRecord*> ordered;
    for (const auto& run : runs) ordered.push_back(&run);
    std::stable_sort(ordered.begin(), ordered.end(), [](const RunRecord* a, const RunRecord* b) {
        return std::tie(a->workers, a->deviceTransforms) < std::tie(b->workers, b->deviceTransforms);
    });
    for (const auto* run : ordered) {
        ComparisonEntry entry;
        entry.runId = run->id;
        entry.runName = QString::fromStdString(run->name);
        entry.category = comparisonCategory(*run, withDate);
        entry.configuration = comparisonConfiguration(*run);
        entry.setting = entry.configuration;
        entry.reference = run->source == "reference";
        entry.value = runMetricValue(*run, metric);
        entry.speedup = kNaN;
        // Core words the figures' sources (they name files, datasheets and models, not UI text).
        const RunFlops flops = runFlops(*run);
        const RunMfu mfu = runMfu(*run, flops);
        entry.tflopsPerDevice = flops.known() ? flops.achievedFlopsPerSecPerDevice / 1e12 : kNaN;
        entry.mfu = mfu.known() ? mfu.mfu : kNaN;
        QStringList note;
        if (!flops.basis.empty()) note << QString::fromStdString(flops.basis);
        for (const auto& assumption : flops.assumptions) note << QString::fromStdString(assumption);
        note << QString::fromStdString(mfu.known() ? mfu.peakSource : mfu.reason);
        for (const auto& assumption : mfu.assumptions) note << QString::fromStdString(assumption);
        entry.flopsNote = note.join(QStringLiteral("\n"));
        entry.otherProcesses = otherProcessesText(*run);
        comparison.entries.push_back(entry);
    }
    nameRunsSharingACell(comparison.entries);
    for (const auto& entry : comparison.entries)
        if (!comparison.configurations.contains(entry.configuration)) comparison.configurations << entry.configuration;
    // Categories in the order the runs came (the store's order: the study's Gaudi2, H100, A100).
    for (const auto& run : runs) {
        const QString category = comparisonCategory(run, withDate);
        if (!comparison.categories.contains(category)) comparison.categories << category;
    }

    // The workload everything is held against: the baseline's, else the most common one.
    std::optional<RunWorkload> reference;
    auto recordOf = [&](qint64 id) -> const RunRecord* {
        for (const auto& run : runs)
            if (run.id == id) return &run;
        return nullptr;
    };
    if (baseline.kind == ComparisonBaseline::Kind::Run) {
        if (const auto* run = recordOf(baseline.runId)) reference = runWorkload(*run);
    } else if (baseline.kind == ComparisonBaseline::Kind::Device) {
        for (const auto& entry : comparison.entries)
            if (entry.category == baseline.category) {
                reference = runWorkload(*recordOf(entry.runId));
                break;
            }
    }
    if (!reference) reference = mostCommonWorkload(runs);
    for (auto& entry : comparison.entries) {
        if (!reference) continue;
        const auto workload = runWorkload(*recordOf(entry.runId));
        entry.workloadNote = describeDifferences(workload, *reference, metric, false);
        entry.workloadDiffers = !entry.workloadNote.isEmpty();
        entry.workloadHeldOut = describeDifferences(workload, *reference, metric, true);
        entry.workloadUnknown = describeUnknown(workload, *reference);
    }

    if (baseline.kind == ComparisonBaseline::Kind::Run) {
        const auto found = std::find_if(comparison.entries.begin(), comparison.entries.end(),
                                        [&](const auto& entry) { return entry.runId == baseline.runId; });
        if (found != comparison.entries.end()) {
            comparison.baselineLabel = found->runName;
            const double base = found->value;
            for (auto& entry : comparison.entries) {
                entry.speedup = std::isfinite(base) && base > 0 ? entry.value / base : kNaN;
                if (!std::isfinite(entry.speedup))
                    entry.speedupNote = ComparisonText::tr("%1 has no value in this metric")
                                            .arg(std::isfinite(base) && base > 0 ? entry.runName : found->runName);
            }
        }
    } else if (baseline.kind == ComparisonBaseline::Kind::Device && comparison.categories.contains(baseline.category)) {
        comparison.baselineLabel = baseline.category;
        for (auto& entry : comparison.entries) {
            // The baseline device's runs are their own baselines (its reruns each ×1.00); another
            // device's run goes against the baseline device's first run of its setting.
            const ComparisonEntry* base = entry.category == baseline.category ? &entry : nullptr;
            for (const auto& other : comparison.entries)
                if (!base && other.category == baseline.category && other.setting == entry.setting) base = &other;
            entry.speedup = base && std::isfinite(base->value) && base->value > 0 ? entry.value / base->value : kNaN;
            if (!base)
                entry.speedupNote = ComparisonText::tr("%1 has no run with %2 to compare against")
                                        .arg(baseline.category, entry.setting);
            else if (!std::isfinite(entry.speedup))
                entry.speedupNote = ComparisonText::tr("%1 has no value in this metric")
                                        .arg(std::isfinite(base->value) && base->value > 0 ? entry.runName : base->runName);
        }
    }
    return comparison;
}

}  // namespace bb::ui
