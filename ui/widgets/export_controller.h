// File > Export and Edit > Copy for whatever chart and table the window shows now: charts to
// PNG/SVG/PDF or the clipboard, tables to CSV/Markdown or the clipboard (the rows selected in
// the table, as spreadsheets copy, or the whole table when none is).
#pragma once

#include <QObject>

#include <functional>

QT_BEGIN_NAMESPACE
class QAbstractItemView;
class QWidget;
QT_END_NAMESPACE

namespace bb::ui {

class ChartWidget;

class ExportController final : public QObject {
    Q_OBJECT
public:
    ExportController(QWidget* window, std::function<ChartWidget*()> currentChart,
                     std::function<const QAbstractItemView*()> currentTable, QObject* parent = nullptr);

    // By file suffix: .png, .svg or .pdf; .csv or .md.
    QString exportChartTo(const QString& file, QSize sizePx, int dpi);
    QString exportTableTo(const QString& file);

public slots:
    void exportChart();
    void exportTable();
    void copyChart();
    void copyTable();

signals:
    void message(const QString& text);

private:
    QWidget* m_window;
    std::function<ChartWidget*()> m_currentChart;
    std::function<const QAbstractItemView*()> m_currentTable;
};

}  // namespace bb::ui
