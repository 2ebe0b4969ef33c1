// Writes a chart to PNG, SVG or PDF, laid out for the asked size rather than its size on screen.
// Chart types stay private to ui/charts/; callers pass the ChartWidget.
#pragma once

#include <QImage>
#include <QSize>
#include <QString>

namespace bb::ui {

class ChartWidget;

// What the export dialog and Edit > Copy chart use unless told otherwise: one layout for every
// format, so that a chart copied or saved as SVG reads as its PNG does (their text was half the
// PNG's: laid out for all of 1600 × 900 where the PNG was laid out for 1067 × 600 at 144 DPI).
inline constexpr int kDefaultExportDpi = 144;

// width × height pixels, DPI stored in the file; text and lines scale with DPI / 96, in every
// format alike (a PDF page is width × height at 96 pixels an inch).
QImage renderChartImage(ChartWidget& chart, QSize sizePx, int dpi = kDefaultExportDpi);
// Each returns an empty string on success, else a message naming the file.
QString exportChartPng(ChartWidget& chart, const QString& file, QSize sizePx, int dpi = kDefaultExportDpi);
QString exportChartSvg(ChartWidget& chart, const QString& file, QSize sizePx, int dpi = kDefaultExportDpi);
QString exportChartPdf(ChartWidget& chart, const QString& file, QSize sizePx, int dpi = kDefaultExportDpi);

}  // namespace bb::ui
