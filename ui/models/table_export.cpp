#include "models/table_export.h"

#include <QAbstractItemModel>
#include <QCoreApplication>
#include <QSaveFile>

namespace bb::ui {

namespace {

QString csvField(QString text) {
    if (text.contains(QLatin1Char(',')) || text.contains(QLatin1Char('"')) || text.contains(QLatin1Char('\n'))) {
        text.replace(QLatin1Char('"'), QStringLiteral("\"\""));
        return QLatin1Char('"') + text + QLatin1Char('"');
    }
    return text;
}

QString markdownCell(QString text) {
    text.replace(QLatin1Char('|'), QStringLiteral("\\|"));
    text.replace(QLatin1Char('\n'), QLatin1Char(' '));
    return text;
}

QList<int> rowsToWrite(const QAbstractItemModel& model, const QList<int>& rows) {
    if (!rows.isEmpty()) return rows;
    QList<int> all;
    for (int row = 0; row < model.rowCount(); ++row) all << row;
    return all;
}

QList<int> columnsToWrite(const QAbstractItemModel& model, const QList<int>& columns) {
    if (!columns.isEmpty()) return columns;
    QList<int> all;
    for (int column = 0; column < model.columnCount(); ++column) all << column;
    return all;
}

// The table as exported: a header and rows of plain cells, with the marks' column where any row
// has marks.
struct Exported {
    QStringList header;
    QList<QStringList> rows;
    QList<int> alignments;
};

Exported exported(const QAbstractItemModel& model, const QList<int>& rows, const QList<int>& columns) {
    Exported out;
    const QList<int> kept = columnsToWrite(model, columns);
    for (const int column : kept) {
        const QVariant unit = model.headerData(column, Qt::Horizontal, kExportValueRole);
        out.header << (unit.isValid() ? unit.toString() : model.headerData(column, Qt::Horizontal).toString());
        out.alignments << model.index(0, column).data(Qt::TextAlignmentRole).toInt();
    }
    bool anyMarks = false;
    QStringList marks;
    for (const int row : rowsToWrite(model, rows)) {
        QStringList cells;
        QString rowMarks;
        for (const int column : kept) {
            const QModelIndex index = model.index(row, column);
            const QVariant value = index.data(kExportValueRole);
            cells << (value.isValid() ? value.toString() : index.data().toString());
            rowMarks += index.data(kExportMarksRole).toString();
        }
        anyMarks = anyMarks || !rowMarks.isEmpty();
        marks << rowMarks;
        out.rows << cells;
    }
    if (anyMarks) {
        out.header << QCoreApplication::translate("bb::ui::TableExport", "Marks");
        out.alignments << 0;
        for (int row = 0; row < out.rows.size(); ++row) out.rows[row] << marks[row];
    }
    return out;
}

}  // namespace

QString tableToCsv(const QAbstractItemModel& model, const QList<int>& rows, const QList<int>& columns) {
    const Exported table = exported(model, rows, columns);
    QString out;
    QStringList fields;
    for (const auto& header : table.header) fields << csvField(header);
    out += fields.join(QLatin1Char(',')) + QStringLiteral("\r\n");
    for (const auto& row : table.rows) {
        fields.clear();
        for (const auto& cell : row) fields << csvField(cell);
        out += fields.join(QLatin1Char(',')) + QStringLiteral("\r\n");
    }
    return out;
}

QString tableToMarkdown(const QAbstractItemModel& model, const QList<int>& rows, const QList<int>& columns) {
    const Exported table = exported(model, rows, columns);
    QStringList header;
    QStringList rule;
    for (int column = 0; column < table.header.size(); ++column) {
        header << markdownCell(table.header[column]);
        rule << ((table.alignments[column] & Qt::AlignRight) ? QStringLiteral("---:") : QStringLiteral("---"));
    }
    QString out = QStringLiteral("| ") + header.join(QStringLiteral(" | ")) + QStringLiteral(" |\n");
    out += QStringLiteral("| ") + rule.join(QStringLiteral(" | ")) + QStringLiteral(" |\n");
    for (const auto& row : table.rows) {
        QStringList cells;
        for (const auto& cell : row) cells << markdownCell(cell);
        out += QStringLiteral("| ") + cells.join(QStringLiteral(" | ")) + QStringLiteral(" |\n");
    }
    return out;
}

QString writeTextFile(const QString& file, const QString& text) {
    QSaveFile out(file);
    if (!out.open(QIODevice::WriteOnly) || out.write(text.toUtf8()) < 0 || !out.commit())
        return QCoreApplication::translate("bb::ui::TableExport", "Cannot write %1: %2").arg(file, out.errorString());
    return {};
}

}  // namespace bb::ui

