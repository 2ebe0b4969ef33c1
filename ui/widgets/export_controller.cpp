#include "widgets/export_controller.h"

#include <QAbstractItemModel>
#include <QAbstractItemView>
#include <QItemSelectionModel>
#include <QApplication>
#include <QClipboard>
#include <QFileDialog>
#include <QFileInfo>
#include <QMimeData>
#include <QSettings>
#include <QTableView>
#include <QWidget>

#include <algorithm>

#include "charts/chart_export.h"
#include "charts/chart_widget.h"
#include "dialogs/export_image_dialog.h"
#include "models/table_export.h"

namespace bb::ui {

namespace {
const QSize kClipboardSizePx(1600, 900);

// The columns a table view shows: a column it hides (TFLOP/s per device while the metric is
// that) was exported beside the one showing the same figure.
// The export dialog's DPI: a copied chart reads as the saved one does.
int clipboardDpi() { return QSettings().value("export/dpi", kDefaultExportDpi).toInt(); }

QList<int> shownColumns(const QAbstractItemView& view) {
    QList<int> columns;
    const auto* table = qobject_cast<const QTableView*>(&view);
    const QAbstractItemModel* model = view.model();
    for (int column = 0; column < model->columnCount(); ++column)
        if (!table || !table->isColumnHidden(column)) columns << column;
    return columns;
}
}

ExportController::ExportController(QWidget* window, std::function<ChartWidget*()> currentChart,
                                   std::function<const QAbstractItemView*()> currentTable, QObject* parent)
    : QObject(parent),
      m_window(window),
      m_currentChart(std::move(currentChart)),
      m_currentTable(std::move(currentTable)) {}

QString ExportController::exportChartTo(const QString& file, QSize sizePx, int dpi) {
    ChartWidget* chart = m_currentChart();
    if (!chart) return tr("This view has no chart to export");
    const QString suffix = QFileInfo(file).suffix().toLower();
    if (suffix == QStringLiteral("svg")) return exportChartSvg(*chart, file, sizePx, dpi);
    if (suffix == QStringLiteral("pdf")) return exportChartPdf(*chart, file, sizePx, dpi);
    if (suffix == QStringLiteral("png")) return exportChartPng(*chart, file, sizePx, dpi);
    return tr("Unknown chart format \"%1\" (use .png, .svg or .pdf)").arg(suffix);
}

QString ExportController::exportTableTo(const QString& file) {
    const QAbstractItemView* view = m_currentTable();
    if (!view || !view->model()) return tr("This view has no table to export");
    const QAbstractItemModel* table = view->model();
    const QString suffix = QFileInfo(file).suffix().toLower();
    if (suffix == QStringLiteral("csv")) return writeTextFile(file, tableToCsv(*table, {}, shownColumns(*view)));
    if (suffix == QStringLiteral("md")) return writeTextFile(file, tableToMarkdown(*table, {}, shownColumns(*view)));
    return tr("Unknown table format \"%1\" (use .csv or .md)").arg(suffix);
}

void ExportController::exportChart() {
    if (!m_currentChart()) {
        emit message(tr("This view has no chart to export"));
        return;
    }
    QString selected;
    const QString file = QFileDialog::getSaveFileName(m_window, tr("Export chart"), QStringLiteral("chart.png"),
                                                      tr("PNG image (*.png);;SVG drawing (*.svg);;PDF document (*.pdf)"),
                                                      &selected);
    if (file.isEmpty()) return;
    ExportImageDialog dialog(m_currentChart()->title(), m_window);
    if (dialog.exec() != QDialog::Accepted) return;
    const QString error = exportChartTo(file, dialog.sizePx(), dialog.dpi());
    emit message(error.isEmpty() ? tr("Exported %1").arg(file) : error);
}

void ExportController::exportTable() {
    const QString file = QFileDialog::getSaveFileName(m_window, tr("Export table"), QStringLiteral("table.csv"),
                                                      tr("CSV (*.csv);;Markdown (*.md)"));
    if (file.isEmpty()) return;
    const QString error = exportTableTo(file);
    emit message(error.isEmpty() ? tr("Exported %1").arg(file) : error);
}

void ExportController::copyChart() {
    ChartWidget* chart = m_currentChart();
    if (!chart) return;
    QApplication::clipboard()->setImage(renderChartImage(*chart, kClipboardSizePx, clipboardDpi()));
    emit message(tr("Chart copied to the clipboard: %1").arg(chart->title()));
}

void ExportController::copyTable() {
    const QAbstractItemView* view = m_currentTable();
    if (!view || !view->model()) return;
    const QAbstractItemModel& table = *view->model();
    // A row counts when any of its cells is selected (the Compare table selects cells).
    QList<int> rows;
    if (const auto* selection = view->selectionModel())
        for (const QModelIndex& index : selection->selectedIndexes()) rows << index.row();
    std::sort(rows.begin(), rows.end());
    rows.erase(std::unique(rows.begin(), rows.end()), rows.end());
    // Spreadsheets paste CSV text; Markdown goes along for editors that take it.
    auto* data = new QMimeData;
    data->setText(tableToCsv(table, rows, shownColumns(*view)));
    data->setData(QStringLiteral("text/markdown"), tableToMarkdown(table, rows, shownColumns(*view)).toUtf8());
    QApplication::clipboard()->setMimeData(data);
    // No %n: without an English translation file Qt would print "row(s)".
    if (rows.isEmpty()) emit message(tr("Table copied to the clipboard"));
    else if (rows.size() == 1) emit message(tr("The selected row copied to the clipboard"));
    else emit message(tr("%1 selected rows copied to the clipboard").arg(rows.size()));
}

}  // namespace bb::ui
