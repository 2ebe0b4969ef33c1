// How runs that share a bar (a rerun, a sweep run twice: one device, one configuration) are told
// apart. A generated name repeats the configuration and differs only in its time, so the whole
// name ("workers 0 (mini-clip b8 w0 2026-12-04 00:32:44)") filled a legend row with words every
// bar of the cell shares, and only the second bar got it. Each run gets the words of its name
// that differ from the others' ("00:32:44"), or its run number where the names are the same.
#pragma once

#include <QString>
#include <QStringList>
#include <QVector>

namespace bb::ui {

// One label per run, in the runs' order; names and runIds have the same length.
QStringList tellApart(const QStringList& names, const QVector<qint64>& runIds);

// The same within each cell: runs with equal cells[i] are told apart from each other; a run
// alone in its cell gets an empty label.
QStringList tellApartWithinCells(const QStringList& cells, const QStringList& names, const QVector<qint64>& runIds);

}  // namespace bb::ui
