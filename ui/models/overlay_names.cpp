#include "models/overlay_names.h"

#include <QSet>

#include "models/comparison.h"

namespace bb::ui {

namespace {

bool allDifferent(const QStringList& names) { return QSet<QString>(names.begin(), names.end()).size() == names.size(); }

}  // namespace

QStringList overlayNames(const std::vector<RunRecord>& runs) {
    QStringList configurations;
    QStringList devices;
    QStringList names;
    for (const auto& run : runs) {
        configurations << comparisonConfiguration(run);
        devices << comparisonCategory(run, false) + QStringLiteral(" · ") + comparisonConfiguration(run);
        names << QString::fromStdString(run.name);
    }
    if (allDifferent(configurations)) return configurations;
    if (allDifferent(devices)) return devices;
    return names;
}

}  // namespace bb::ui
