// A table model as text for other tools: CSV (RFC 4180 quoting) and a GitHub Markdown table.
// Rows and columns as the model shows them (after sorting and filtering of a proxy); `rows`
// keeps those rows only, in the model's order (empty: every row); `columns` those columns (empty:
// every one; a view passes the ones it does not hide, or a hidden column is exported beside the
// one showing the same figure). A figure's cell exports kExportValueRole where it has one, so
// that a spreadsheet reads a number ("1.23", not "×1.23" or "12.3 ‡"); the marks its text
// carried go to a "Marks" column of their own at the end of the row.
#pragma once

#include <QList>
#include <QString>
#include <Qt>

QT_BEGIN_NAMESPACE
class QAbstractItemModel;
QT_END_NAMESPACE

namespace bb::ui {

// A cell's figure as a plain number (an empty string when unknown); a header's text for it
// where the unit moves out of the cells ("MFU %").
inline constexpr int kExportValueRole = Qt::UserRole + 40;
// The marks a cell's text carries ("‡", "†").
inline constexpr int kExportMarksRole = Qt::UserRole + 41;

QString tableToCsv(const QAbstractItemModel& model, const QList<int>& rows = {}, const QList<int>& columns = {});
QString tableToMarkdown(const QAbstractItemModel& model, const QList<int>& rows = {}, const QList<int>& columns = {});
// Writes text to a file as UTF-8; returns an empty string or the error.
QString writeTextFile(const QString& file, const QString& text);

}  // namespace bb::ui
