// Writes a chart to PNG, SVG or PDF, laid out for the asked size rather than its size on screen.
// Chart types stay private to ui/charts/; callers pass the ChartWidget.
#pragma once

#include <QImage>
#include <QSize>
#include <QString>

namespace bb::ui {

class ChartWidget;

// width × height pixels, DPI stored in the file; text and lines scale with DPI / 96.
QImage renderChartImage(ChartWidget& chart, QSize sizePx, int dpi = 96);
// Each returns an empty string on success, else a message naming the file.
QString exportChartPng(ChartWidget& chart, const QString& file, QSize sizePx, int dpi = 96);
QString exportChartSvg(ChartWidget& chart, const QString& file, QSize sizePx);
QString exportChartPdf(ChartWidget& chart, const QString& file, QSize sizePx);

}  // namespace bb::ui
