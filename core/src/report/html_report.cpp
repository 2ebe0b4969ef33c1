// The HTML report: one file, CSS and SVG inline, no script and nothing fetched, so it opens
// offline and can be mailed or attached to an issue as it is.
#include <fmt/format.h>

#include "bridgebench/report.h"
#include "report/charts.h"
#include "report/report_content.h"
#include "report/svg_canvas.h"
#include "interop/export/output_file.h"

namespace bb {

namespace {

constexpr const char* kStyle = R"css(
body { font-family: "DejaVu Sans", Verdana, sans-serif; margin: 2em auto; max-width: 60em; color: #222; }
h1 { font-size: 1.5em; } h2 { font-size: 1.2em; margin-top: 2em; } h3 { font-size: 1em; }
table { border-collapse: collapse; font-size: 0.85em; margin: 0.5em 0; }
th, td { border-bottom: 1px solid #ddd; padding: 0.25em 0.6em; text-align: left; vertical-align: top; }
td.number { text-align: right; font-variant-numeric: tabular-nums; }
.meta { color: #666; font-size: 0.85em; }
figure { margin: 1em 0; } svg { max-width: 100%; height: auto; }
)css";

std::string htmlTable(const report::Table& table, std::size_t firstNumberColumn, std::size_t lastNumberColumn) {
    std::string out = "<table>\n<tr>";
    for (const auto& cell : table.header) out += "<th>" + report::xmlEscape(cell) + "</th>";
    out += "</tr>\n";
    for (const auto& row : table.rows) {
        out += "<tr>";
        for (std::size_t column = 0; column < row.size(); ++column) {
            const bool number = column >= firstNumberColumn && column <= lastNumberColumn;
            out += (number ? "<td class=\"number\">" : "<td>") + report::xmlEscape(row[column]) + "</td>";
        }
        out += "</tr>\n";
    }
    return out + "</table>\n";
}

}  // namespace

void writeHtmlReport(const ReportInput& input, const std::filesystem::path& file) {
    const auto content = report::buildReportContent(input);
    using report::xmlEscape;
    std::string html = fmt::format(
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>{0}</title>\n<style>{1}</style>\n"
        "</head>\n<body>\n<h1>{0}</h1>\n<p class=\"meta\">Generated {2}. {3} runs.</p>\n",
        xmlEscape(content.title), kStyle, xmlEscape(content.generated), input.runs.size());

    html += "<h2>Comparison</h2>\n";
    html += fmt::format("<p class=\"meta\">{}: {}.</p>\n<figure>\n", xmlEscape(content.comparison.unit),
                        xmlEscape(content.baseline));
    const auto size = report::comparisonChartSize(content.comparison);
    report::SvgCanvas comparison(size.width, size.height);
    report::drawComparisonChart(comparison, content.comparison, size);
    html += comparison.finish(false) + "</figure>\n";

    html += "<h2>Throughput per step</h2>\n<figure>\n";
    report::SvgCanvas steps(report::kStepChartSize.width, report::kStepChartSize.height);
    report::drawStepChart(steps, input.runs, content.comparison, report::kStepChartSize);
    html += steps.finish(false) + "</figure>\n";

    html += "<h2>Summary</h2>\n";
    html += fmt::format("<p class=\"meta\">{} over the time after warm-up (p5–p95: single steps); {}.</p>\n",
                        content.comparison.unit, xmlEscape(content.baseline));
    html += htmlTable(content.summary, 7, 13);
    if (!content.otherProcessesNotes.empty()) {
        html += "<p class=\"meta\">‡ Measured beside other processes (the figures may not repeat):</p>\n<ul class=\"meta\">\n";
        for (const auto& note : content.otherProcessesNotes) html += "<li>" + xmlEscape(note) + "</li>\n";
        html += "</ul>\n";
    }
    html += "<p class=\"meta\">Where TFLOP/s and MFU come from:</p>\n<ul class=\"meta\">\n";
    for (const auto& note : content.flopsNotes) html += "<li>" + xmlEscape(note) + "</li>\n";
    html += "</ul>\n";

    html += "<h2>Diagnosis and environment</h2>\n";
    if (!content.withoutSteps.empty()) html += "<p>" + xmlEscape(content.withoutSteps) + "</p>\n";
    for (const auto& section : content.runs) {
        html += "<h3>" + xmlEscape(section.heading) + "</h3>\n";
        for (const auto& paragraph : section.diagnosis) html += "<p>" + xmlEscape(paragraph) + "</p>\n";
        report::Table environment{{"environment", "value"}, {}};
        for (const auto& [key, value] : section.environment) environment.rows.push_back({key, value});
        if (!environment.rows.empty()) html += htmlTable(environment, 1, 0);
    }
    html += "</body>\n</html>\n";
    writeOutputFile(file, html);
}

}  // namespace bb
