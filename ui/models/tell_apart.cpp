#include "models/tell_apart.h"

#include <QCoreApplication>

#include <algorithm>
#include <map>
#include <vector>

namespace bb::ui {

namespace {

class TellApartText {
    Q_DECLARE_TR_FUNCTIONS(bb::ui::TellApart)
};

// Words every name has at the same place from the start (fromEnd false) or the end, leaving each
// name at least one word of its own: "baseline" and "baseline after fix" keep both whole.
qsizetype sharedWords(const QVector<QStringList>& words, bool fromEnd, qsizetype alreadyTaken) {
    qsizetype shortest = words.front().size();
    for (const auto& each : words) shortest = std::min(shortest, each.size());
    qsizetype shared = 0;
    while (shared < shortest - alreadyTaken - 1) {
        auto at = [&](const QStringList& each) { return fromEnd ? each[each.size() - 1 - shared] : each[shared]; };
        const QString& first = at(words.front());
        if (!std::all_of(words.begin(), words.end(), [&](const QStringList& each) { return at(each) == first; })) break;
        ++shared;
    }
    return shared;
}

}  // namespace

QStringList tellApart(const QStringList& names, const QVector<qint64>& runIds) {
    if (names.size() < 2) return names;
    QVector<QStringList> words;
    for (const auto& name : names) words << name.split(QLatin1Char(' '), Qt::SkipEmptyParts);
    const bool anyEmpty = std::any_of(words.begin(), words.end(), [](const QStringList& each) { return each.isEmpty(); });
    const qsizetype leading = anyEmpty ? 0 : sharedWords(words, false, 0);
    const qsizetype trailing = anyEmpty ? 0 : sharedWords(words, true, leading);
    QStringList parts;
    for (const auto& each : words) parts << each.mid(leading, each.size() - leading - trailing).join(QLatin1Char(' '));
    QStringList labels;
    for (int index = 0; index < parts.size(); ++index) {
        const QString& part = parts[index];
        if (!part.isEmpty() && parts.count(part) == 1) labels << part;
        else if (part.isEmpty()) labels << TellApartText::tr("run %1").arg(runIds[index]);
        else labels << TellApartText::tr("%1, run %2").arg(part).arg(runIds[index]);
    }
    return labels;
}

QStringList tellApartWithinCells(const QStringList& cells, const QStringList& names, const QVector<qint64>& runIds) {
    std::map<QString, std::vector<int>> sharing;
    for (int index = 0; index < cells.size(); ++index) sharing[cells[index]].push_back(index);
    QStringList labels;
    for (int index = 0; index < cells.size(); ++index) labels << QString();
    for (const auto& [cell, indices] : sharing) {
        if (indices.size() < 2) continue;
        QStringList cellNames;
        QVector<qint64> cellIds;
        for (const int index : indices) {
            cellNames << names[index];
            cellIds << runIds[index];
        }
        const QStringList cellLabels = tellApart(cellNames, cellIds);
        for (std::size_t at = 0; at < indices.size(); ++at) labels[indices[at]] = cellLabels[static_cast<int>(at)];
    }
    return labels;
}

}  // namespace bb::ui
