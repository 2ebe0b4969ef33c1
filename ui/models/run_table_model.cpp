#include "models/run_table_model.h"

#include <QDateTime>

#include "adapters/run_store.h"
#include "bridgebench/run_comparison.h"
#include "bridgebench/run_samples_per_sec.h"
#include "bridgebench/study_runs.h"
#include "models/note_text.h"
#include "models/run_status_text.h"
#include "models/table_export.h"
#include "models/warning_colour.h"

namespace bb::ui {

QString deviceLabel(const RunRecord& run) {
    QString name = QString::fromStdString(run.deviceName.empty() ? run.deviceKind : run.deviceName);
    if (name.isEmpty()) name = RunTableModel::tr("unknown device");
    if (!run.deviceCount) return RunTableModel::tr("%1 (count unknown)").arg(name);
    if (deviceCountInferred(run)) return RunTableModel::tr("%1× %2 (count inferred)").arg(*run.deviceCount).arg(name);
    return QStringLiteral("%1× %2").arg(*run.deviceCount).arg(name);
}

QString shortModelName(const QString& model) {
    // "BridgeTower/bridgetower-large-itm-mlm-itc" → its last part; "…/large/config.json" → "large".
    QString path = model;
    while (path.endsWith(QLatin1Char('/'))) path.chop(1);
    QStringList parts = path.split(QLatin1Char('/'), Qt::SkipEmptyParts);
    if (parts.size() >= 2 && parts.back().endsWith(QLatin1String(".json"), Qt::CaseInsensitive)) parts.removeLast();
    return parts.isEmpty() ? model : parts.back();
}

RunTableModel::RunTableModel(RunStore& store, QObject* parent) : QAbstractTableModel(parent), m_store(store) {
    connect(&m_store, &RunStore::runsChanged, this, &RunTableModel::reload);
    reload();
}

void RunTableModel::reload() {
    beginResetModel();
    m_runs = m_store.runs();
    m_otherProcesses.clear();
    for (const auto& run : m_runs) m_otherProcesses.push_back(otherProcessesText(run));
    m_tags = m_store.tags();
    endResetModel();
}

int RunTableModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : static_cast<int>(m_runs.size());
}

int RunTableModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : ColumnCount; }

int RunTableModel::rowOf(qint64 runId) const {
    for (std::size_t row = 0; row < m_runs.size(); ++row)
        if (m_runs[row].id == runId) return static_cast<int>(row);
    return -1;
}

namespace {

// Where a run's figures come from. The study's published figures and the tables BridgeBench
// measured itself are both stored as "reference", but are different sources: a measured H200
// table once read "reference" like the study's and was taken for the study's.
QString originOf(const RunRecord& run) {
    if (isReference(run.origin)) return isPublishedFigure(run) ? QStringLiteral("published") : QStringLiteral("measured");
    return QString::fromStdString(std::string(storedSource(run.origin)));
}

// The origin in the window's language.
QString sourceText(const RunRecord& run) {
    switch (run.origin) {
    case RunOrigin::Engine: return RunTableModel::tr("local");
    case RunOrigin::Import: return RunTableModel::tr("imported");
    case RunOrigin::PublishedFigure: return RunTableModel::tr("published");
    case RunOrigin::MeasuredReference: return RunTableModel::tr("measured reference");
    }
    return {};
}

}  // namespace

QVariant RunTableModel::display(std::size_t row, int column) const {
    const RunRecord& run = m_runs[row];
    switch (column) {
    case Name: return QString::fromStdString(run.name);
    case Source: return sourceText(run);
    case Device: return QString::fromStdString(run.deviceName.empty() ? run.deviceKind : run.deviceName);
    case DeviceCount:
        if (!run.deviceCount) return QString();
        if (deviceCountInferred(run)) return tr("%1 (inferred)").arg(*run.deviceCount);
        return static_cast<qlonglong>(*run.deviceCount);
    case Model: return shortModelName(QString::fromStdString(run.model));
    // Unknown (imports that do not say) is blank, never 0.
    case Batch: return run.batchSize ? QVariant(static_cast<qlonglong>(*run.batchSize)) : QVariant(QString());
    case Precision: return QString::fromStdString(run.precision);
    case Workers: return run.workers ? QVariant(static_cast<qlonglong>(*run.workers)) : QVariant(QString());
    case DeviceTransforms: return run.deviceTransforms ? (*run.deviceTransforms ? tr("yes") : tr("no")) : QString();
    case SamplesPerSec: {
        const double samplesPerSec = runSamplesPerSec(run);
        if (samplesPerSec <= 0) return QString();
        // Marked as the Compare tab marks it: other processes took a share of its cores.
        return QString::number(samplesPerSec, 'f', 1) +
               (m_otherProcesses[row].isEmpty() ? QString() : QStringLiteral(" ‡"));
    }
    case Status: return runStatusText(run.status);
    case Date: {
        const auto when = QDateTime::fromString(QString::fromStdString(run.createdAt), Qt::ISODate);
        return when.isValid() ? when.toString(QStringLiteral("yyyy-MM-dd HH:mm")) : QString::fromStdString(run.createdAt);
    }
    case Tags: {
        QStringList tags;
        if (const auto found = m_tags.find(run.id); found != m_tags.end())
            for (const auto& tag : found->second) tags.append(QString::fromStdString(tag));
        return tags.join(QStringLiteral(", "));
    }
    default: return {};
    }
}

QVariant RunTableModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid() || index.row() >= rowCount()) return {};
    const auto row = static_cast<std::size_t>(index.row());
    const RunRecord& run = m_runs[row];
    switch (role) {
    case Qt::DisplayRole:
    case Qt::EditRole: return display(row, index.column());
    case RunIdRole: return static_cast<qlonglong>(run.id);
    case SourceRole: return QString::fromStdString(std::string(storedSource(run.origin)));
    case OriginRole: return originOf(run);
    case SortRole:
        if (index.column() == SamplesPerSec) return runSamplesPerSec(run);
        if (index.column() == Date) return QString::fromStdString(run.createdAt);
        return display(row, index.column());
    // Exported as a plain number, its mark apart (models/table_export.h).
    case kExportValueRole:
        if (index.column() != SamplesPerSec) return {};
        return runSamplesPerSec(run) > 0 ? QString::number(runSamplesPerSec(run), 'g', 6) : QString();
    case kExportMarksRole:
        return index.column() == SamplesPerSec && !m_otherProcesses[row].isEmpty() ? QStringLiteral("‡") : QVariant();
    case Qt::TextAlignmentRole:
        if (index.column() == DeviceCount || index.column() == Batch || index.column() == Workers ||
            index.column() == SamplesPerSec)
            return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
        return {};
    case Qt::ForegroundRole:
        if (index.column() == SamplesPerSec && !m_otherProcesses[row].isEmpty()) return warningColour();
        return {};
    case Qt::ToolTipRole:
        if (index.column() == Name && !run.unreadable.empty()) {
            QStringList problems;
            for (const auto& problem : run.unreadable) problems << QString::fromStdString(problem);
            return tr("Left out, as this build cannot read them from the database:\n%1").arg(problems.join('\n'));
        }
        if (index.column() == Model) return QString::fromStdString(run.model);
        if (index.column() == SamplesPerSec && !m_otherProcesses[row].isEmpty())
            return tr("‡ %1: its figures may not repeat").arg(m_otherProcesses[row]);
        if (!run.error.empty()) return QString::fromStdString(run.error);
        if (isReference(run.origin)) {
            const auto& source = run.environment.source;
            const auto& software = run.environment.software;
            if (!isPublishedFigure(run))
                return tr("Reference table BridgeBench measured (read-only): %1; %2")
                    .arg(QString::fromStdString(source), QString::fromStdString(software));
            return tr("Published figure (read-only): %1; %2").arg(QString::fromStdString(source), QString::fromStdString(software));
        }
        return {};
    default: return {};
    }
}

QVariant RunTableModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole) return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case Name: return tr("Name");
    case Source: return tr("Source");
    case Device: return tr("Device");
    case DeviceCount: return tr("Devices");
    case Model: return tr("Model");
    case Batch: return tr("Batch");
    case Precision: return tr("Precision");
    case Workers: return tr("Workers");
    case DeviceTransforms: return tr("Device transforms");
    case SamplesPerSec: return tr("Samples/s");
    case Status: return tr("Status");
    case Date: return tr("Date");
    case Tags: return tr("Tags");
    default: return {};
    }
}

Qt::ItemFlags RunTableModel::flags(const QModelIndex& index) const {
    Qt::ItemFlags flags = QAbstractTableModel::flags(index);
    if (index.isValid() && index.column() == Name && !isReference(run(index.row()).origin)) flags |= Qt::ItemIsEditable;
    return flags;
}

bool RunTableModel::setData(const QModelIndex& index, const QVariant& value, int role) {
    if (!index.isValid() || role != Qt::EditRole || index.column() != Name) return false;
    // The store announces the change; reload() then refreshes every row.
    return m_store.rename(run(index.row()).id, value.toString());
}

}  // namespace bb::ui
