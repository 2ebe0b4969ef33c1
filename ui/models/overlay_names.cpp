#include "models/overlay_names.h"

#include <QSet>

#include "models/comparison.h"
#include "models/run_table_model.h"
#include "models/tell_apart.h"

namespace bb::ui {

namespace {

bool allDifferent(const QStringList& names) { return QSet<QString>(names.begin(), names.end()).size() == names.size(); }

}  // namespace

QStringList overlayNames(const std::vector<RunRecord>& runs) {
    // Runs of one setting on one device are told apart as their bars are, by the words of their
    // names that differ.
    QStringList devices;
    QStringList configurations;
    QStringList cells;
    QStringList names;
    QVector<qint64> ids;
    for (const auto& run : runs) {
        devices << comparisonCategory(run, false);
        configurations << comparisonConfiguration(run);
        cells << devices.back() + QLatin1Char('\n') + configurations.back();
        names << (isReference(run.origin) ? RunTableModel::tr("reference") : QString::fromStdString(run.name));
        ids << run.id;
    }
    if (allDifferent(configurations)) return configurations;
    const QStringList labels = tellApartWithinCells(cells, names, ids);
    const bool oneDevice = devices.count(devices.front()) == devices.size();
    QStringList labelled;
    for (int index = 0; index < configurations.size(); ++index) {
        QString name = oneDevice ? configurations[index] : devices[index] + QStringLiteral(" · ") + configurations[index];
        if (!labels[index].isEmpty()) name += QStringLiteral(" (%1)").arg(labels[index]);
        labelled << name;
    }
    return labelled;
}

}  // namespace bb::ui
