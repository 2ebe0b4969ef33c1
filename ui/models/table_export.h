// A table model as text for other tools: CSV (RFC 4180 quoting) and a GitHub Markdown table.
// Rows and columns as the model shows them (after sorting and filtering of a proxy).
#pragma once

#include <QString>

QT_BEGIN_NAMESPACE
class QAbstractItemModel;
QT_END_NAMESPACE

namespace bb::ui {

QString tableToCsv(const QAbstractItemModel& model);
QString tableToMarkdown(const QAbstractItemModel& model);
// Writes text to a file as UTF-8; returns an empty string or the error.
QString writeTextFile(const QString& file, const QString& text);

}  // namespace bb::ui
