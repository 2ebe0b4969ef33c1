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

}  // namespace

QString tableToCsv(const QAbstractItemModel& model, const QList<int>& rows) {
    QString out;
    QStringList fields;
    for (int column = 0; column < model.columnCount(); ++column)
        fields << csvField(model.headerData(column, Qt::Horizontal).toString());
    out += fields.join(QLatin1Char(',')) + QStringLiteral("\r\n");
    for (const int row : rowsToWrite(model, rows)) {
        fields.clear();
        for (int column = 0; column < model.columnCount(); ++column)
            fields << csvField(model.index(row, column).data().toString());
        out += fields.join(QLatin1Char(',')) + QStringLiteral("\r\n");
    }
    return out;
}

QString tableToMarkdown(const QAbstractItemModel& model, const QList<int>& rows) {
    QStringList header;
    QStringList rule;
    for (int column = 0; column < model.columnCount(); ++column) {
        header << markdownCell(model.headerData(column, Qt::Horizontal).toString());
        const auto alignment = model.index(0, column).data(Qt::TextAlignmentRole).toInt();
        rule << ((alignment & Qt::AlignRight) ? QStringLiteral("---:") : QStringLiteral("---"));
    }
    QString out = QStringLiteral("| ") + header.join(QStringLiteral(" | ")) + QStringLiteral(" |\n");
    out += QStringLiteral("| ") + rule.join(QStringLiteral(" | ")) + QStringLiteral(" |\n");
    for (const int row : rowsToWrite(model, rows)) {
        QStringList cells;
        for (int column = 0; column < model.columnCount(); ++column)
            cells << markdownCell(model.index(row, column).data().toString());
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
