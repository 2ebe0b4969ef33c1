// Each chart alone, as SVG (the same markup the HTML report inlines) or PNG (through Cairo).
#include <cmath>
#include <memory>

#include "bridgebench/errors.h"
#include "bridgebench/report.h"
#include "report/charts.h"
#include "report/svg_canvas.h"
#include "interop/export/output_file.h"

// Cairo is optional (cmake/Dependencies.cmake): without it PNG charts are refused.
#if BB_HAVE_CAIRO
#include <cairo.h>

#include "report/cairo_canvas.h"
#include "report/cairo_output.h"
#endif

namespace bb {

namespace {

report::ChartSize sizeOf(ReportChart chart, const RunComparison& comparison) {
    return chart == ReportChart::Comparison ? report::comparisonChartSize(comparison) : report::kStepChartSize;
}

void draw(report::Canvas& canvas, const ReportInput& input, ReportChart chart, const RunComparison& comparison,
          report::ChartSize size) {
    if (chart == ReportChart::Comparison)
        report::drawComparisonChart(canvas, comparison, size);
    else
        report::drawStepChart(canvas, input.runs, comparison, size);
}

}  // namespace

void writeChartSvg(const ReportInput& input, ReportChart chart, const std::filesystem::path& file) {
    const auto comparison = reportComparison(input);
    const auto size = sizeOf(chart, comparison);
    report::SvgCanvas canvas(size.width, size.height);
    draw(canvas, input, chart, comparison, size);
    writeOutputFile(file, canvas.finish(true));
}

#if BB_HAVE_CAIRO
void writeChartPng(const ReportInput& input, ReportChart chart, const std::filesystem::path& file, double scale) {
    const auto comparison = reportComparison(input);
    const auto size = sizeOf(chart, comparison);
    const int width = static_cast<int>(std::lround(size.width * scale));
    const int height = static_cast<int>(std::lround(size.height * scale));
    std::unique_ptr<cairo_surface_t, decltype(&cairo_surface_destroy)> surface(
        cairo_image_surface_create(CAIRO_FORMAT_ARGB32, width, height), &cairo_surface_destroy);
    report::checkCairo(surface.get(), file.string());
    std::unique_ptr<cairo_t, decltype(&cairo_destroy)> cairo(cairo_create(surface.get()), &cairo_destroy);
    cairo_scale(cairo.get(), scale, scale);
    report::CairoCanvas canvas(cairo.get());
    draw(canvas, input, chart, comparison, size);
    cairo_surface_flush(surface.get());
    report::checkCairo(surface.get(), file.string());
    std::string bytes;
    if (cairo_surface_write_to_png_stream(surface.get(), report::appendToString, &bytes) != CAIRO_STATUS_SUCCESS)
        throw Error(file.string() + ": cannot encode the PNG");
    writeOutputFile(file, bytes);
}
#else
void writeChartPng(const ReportInput&, ReportChart, const std::filesystem::path& file, double) {
    throw Error(file.string() + ": PNG charts need Cairo, which this build was configured without (SVG works without it)");
}
#endif

}  // namespace bb
