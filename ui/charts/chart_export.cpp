#include "charts/chart_export.h"

#include <QCoreApplication>
#include <QPageSize>
#include <QPainter>
#include <QPdfWriter>
#include <QSvgGenerator>

#include "charts/chart_widget.h"

namespace bb::ui {

namespace {
constexpr double kScreenDpi = 96.0;
constexpr double kInchPerMeter = 39.3700787;

QString tr(const char* text) { return QCoreApplication::translate("bb::ui::ChartExport", text); }

// At 300 DPI the chart is laid out for a third of the pixels and drawn 3.125× larger, so a
// printed figure keeps the proportions of the screen.
double layoutScale(int dpi) { return std::max(0.25, dpi / kScreenDpi); }

void renderScaled(ChartWidget& chart, QPainter& painter, QSize sizePx, int dpi) {
    const double scale = layoutScale(dpi);
    painter.setRenderHint(QPainter::Antialiasing);
    painter.scale(scale, scale);
    chart.render(painter, QSizeF(sizePx.width() / scale, sizePx.height() / scale));
}
}  // namespace

QImage renderChartImage(ChartWidget& chart, QSize sizePx, int dpi) {
    QImage image(sizePx, QImage::Format_ARGB32_Premultiplied);
    image.fill(chart.palette().color(QPalette::Base));
    image.setDotsPerMeterX(static_cast<int>(dpi * kInchPerMeter + 0.5));
    image.setDotsPerMeterY(static_cast<int>(dpi * kInchPerMeter + 0.5));
    QPainter painter(&image);
    renderScaled(chart, painter, sizePx, dpi);
    return image;
}

QString exportChartPng(ChartWidget& chart, const QString& file, QSize sizePx, int dpi) {
    if (sizePx.isEmpty() || dpi <= 0) return tr("Invalid image size or DPI");
    if (!renderChartImage(chart, sizePx, dpi).save(file, "PNG")) return tr("Cannot write %1").arg(file);
    return {};
}

QString exportChartSvg(ChartWidget& chart, const QString& file, QSize sizePx, int dpi) {
    if (sizePx.isEmpty() || dpi <= 0) return tr("Invalid image size or DPI");
    QSvgGenerator generator;
    generator.setFileName(file);
    generator.setSize(sizePx);
    // Fonts in points become as many pixels as on screen and in the PNG, whose text the chart
    // sizes at the widget's DPI whatever the image's (the generator's own default, 72, made them
    // three quarters of that).
    generator.setResolution(chart.logicalDpiY());
    generator.setViewBox(QRect(QPoint(0, 0), sizePx));
    generator.setTitle(chart.title());
    generator.setDescription(tr("Exported from BridgeBench"));
    QPainter painter;
    if (!painter.begin(&generator)) return tr("Cannot write %1").arg(file);
    renderScaled(chart, painter, sizePx, dpi);
    painter.end();
    return {};
}

QString exportChartPdf(ChartWidget& chart, const QString& file, QSize sizePx, int dpi) {
    if (sizePx.isEmpty() || dpi <= 0) return tr("Invalid image size or DPI");
    QPdfWriter writer(file);
    // The page is width × height at 96 px an inch; its device has the widget's DPI, as the chart
    // sizes its text at, and the chart in it is laid out as the PNG's.
    const int resolution = chart.logicalDpiY();
    writer.setResolution(resolution);
    writer.setPageSize(QPageSize(QSizeF(sizePx.width() / kScreenDpi * 72.0, sizePx.height() / kScreenDpi * 72.0),
                                 QPageSize::Point, QString(), QPageSize::ExactMatch));
    writer.setPageMargins(QMarginsF(0, 0, 0, 0));
    writer.setTitle(chart.title());
    writer.setCreator(QStringLiteral("BridgeBench"));
    QPainter painter;
    if (!painter.begin(&writer)) return tr("Cannot write %1").arg(file);
    painter.scale(resolution / kScreenDpi, resolution / kScreenDpi);
    renderScaled(chart, painter, sizePx, dpi);
    painter.end();
    return {};
}

}  // namespace bb::ui
