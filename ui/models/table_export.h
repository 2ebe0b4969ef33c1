// A table model as text for other tools: CSV (RFC 4180 quoting) and a GitHub Markdown table.
// Rows and columns as the model shows them (after sorting and filtering of a proxy); `rows`
// keeps those rows only, in the model's order (empty: every row).
#pragma once

#include <QList>
#include <QString>

QT_BEGIN_NAMESPACE
class QAbstractItemModel;
QT_END_NAMESPACE

namespace bb::ui {

QString tableToCsv(const QAbstractItemModel& model, const QList<int>& rows = {});
QString tableToMarkdown(const QAbstractItemModel& model, const QList<int>& rows = {});
// Writes text to a file as UTF-8; returns an empty string or the error.
QString writeTextFile(const QString& file, const QString& text);

}  // namespace bb::ui
