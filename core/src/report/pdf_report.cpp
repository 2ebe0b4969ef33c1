// The PDF report through Cairo: A4 pages filled top to bottom; charts scaled to the text width,
// tables with their header repeated on each page they run onto.
#include <algorithm>
#include <memory>

#include <cairo-pdf.h>
#include <cairo.h>
#include <fmt/format.h>

#include "bridgebench/errors.h"
#include "bridgebench/report.h"
#include "report/cairo_canvas.h"
#include "report/cairo_output.h"
#include "report/charts.h"
#include "report/report_content.h"
#include "interop/export/output_file.h"

namespace bb {

namespace {

constexpr double kPageWidth = 595.28;  // A4 in points
constexpr double kPageHeight = 841.89;
constexpr double kMargin = 42;
constexpr double kTextWidth = kPageWidth - 2 * kMargin;
constexpr report::Color kInk{0x22, 0x22, 0x22};

class PdfPages {
public:
    explicit PdfPages(cairo_t* cairo) : m_cairo(cairo), m_canvas(cairo) {}

    int pagesShown() const { return m_pages; }

    void finish() {
        cairo_show_page(m_cairo);
        ++m_pages;
    }

    void heading(const std::string& text, double sizePt) {
        room(sizePt * 3);
        m_y += sizePt * 1.2;
        m_canvas.text(kMargin, m_y, text, {sizePt, true, report::Anchor::Start, kInk});
        m_y += sizePt * 0.6;
    }

    void paragraph(const std::string& text, double sizePt, report::Color color = kInk) {
        const report::TextStyle style{sizePt, false, report::Anchor::Start, color};
        std::string line;
        std::size_t start = 0;
        auto flush = [&] {
            room(sizePt * 1.4);
            m_y += sizePt * 1.3;
            m_canvas.text(kMargin, m_y, line, style);
            line.clear();
        };
        while (start <= text.size()) {
            const auto end = std::min(text.find(' ', start), text.size());
            const std::string word = text.substr(start, end - start);
            const std::string candidate = line.empty() ? word : line + " " + word;
            if (!line.empty() && m_canvas.textWidth(candidate, style) > kTextWidth) {
                flush();
                line = word;
            } else {
                line = candidate;
            }
            start = end + 1;
        }
        if (!line.empty()) flush();
        m_y += sizePt * 0.4;
    }

    template <typename Draw>
    void chart(report::ChartSize size, Draw&& draw) {
        const double scale = std::min(1.0, kTextWidth / size.width);
        room(size.height * scale + 8);
        cairo_save(m_cairo);
        cairo_translate(m_cairo, kMargin, m_y + 4);
        cairo_scale(m_cairo, scale, scale);
        draw(m_canvas, size);
        cairo_restore(m_cairo);
        m_y += size.height * scale + 8;
    }

    // Columns get their natural width; when the table is wider than the page, the widest
    // columns are narrowed until it fits, and a cell wider than its column wraps onto more
    // lines of its row. Cut with "…" instead, every text column read "8x Ga…" and "worke…",
    // and the rows could not be told apart.
    void table(const report::Table& table, double sizePt) {
        // Smaller type, down to 5 pt, before any word has to be cut.
        while (sizePt > 5 && leastTableWidth(table, sizePt) > kTextWidth) sizePt -= 0.5;
        const report::TextStyle cell{sizePt, false, report::Anchor::Start, kInk};
        const report::TextStyle head{sizePt, true, report::Anchor::Start, kInk};
        const double padding = kCellPadding;
        // A column is as wide as its widest cell (its header may wrap), and never narrower than
        // its longest word, so that wrapping never has to cut one.
        auto longestWord = [&](const std::string& text, const report::TextStyle& style) {
            return longestWordWidth(text, style);
        };
        std::vector<double> widths(table.header.size());
        std::vector<double> least(table.header.size());
        for (std::size_t c = 0; c < widths.size(); ++c) {
            least[c] = longestWord(table.header[c], head);
            widths[c] = least[c];
            for (const auto& row : table.rows) {
                widths[c] = std::max(widths[c], m_canvas.textWidth(row[c], cell));
                least[c] = std::max(least[c], longestWord(row[c], cell));
            }
        }
        auto total = [&] {
            double sum = 0;
            for (const double width : widths) sum += width + padding;
            return sum;
        };
        while (total() > kTextWidth) {
            // The column with the most room to give above its longest word.
            std::size_t most = 0;
            for (std::size_t c = 1; c < widths.size(); ++c)
                if (widths[c] - least[c] > widths[most] - least[most]) most = c;
            if (widths[most] - least[most] <= 0) break;
            widths[most] = std::max(least[most], widths[most] - 4);
        }
        // Words too long for the page even so (a path, a JSON value) are cut in their column.
        while (total() > kTextWidth) {
            auto widest = std::max_element(widths.begin(), widths.end());
            if (*widest <= 20.0) break;
            *widest = std::max(20.0, *widest - 4);
        }
        const double rowHeight = sizePt * 1.5;
        const double lineHeight = sizePt * 1.2;
        auto linesOf = [&](const std::vector<std::string>& cells, const report::TextStyle& style) {
            std::vector<std::vector<std::string>> lines(cells.size());
            for (std::size_t c = 0; c < cells.size(); ++c) lines[c] = wrap(cells[c], style, widths[c]);
            return lines;
        };
        auto heightOf = [&](const std::vector<std::vector<std::string>>& lines) {
            std::size_t most = 1;
            for (const auto& cell : lines) most = std::max(most, cell.size());
            return rowHeight + lineHeight * static_cast<double>(most - 1);
        };
        auto drawRow = [&](const std::vector<std::vector<std::string>>& lines, const report::TextStyle& style) {
            double x = kMargin;
            for (std::size_t c = 0; c < lines.size(); ++c) {
                for (std::size_t line = 0; line < lines[c].size(); ++line)
                    m_canvas.text(x, m_y + sizePt + lineHeight * static_cast<double>(line), lines[c][line], style);
                x += widths[c] + padding;
            }
            m_y += heightOf(lines);
        };
        const auto header = linesOf(table.header, head);
        room(heightOf(header) + rowHeight * 2);
        drawRow(header, head);
        m_canvas.line(kMargin, m_y - sizePt * 0.25, kMargin + std::min(total(), kTextWidth), m_y - sizePt * 0.25,
                      {0xaa, 0xaa, 0xaa}, 0.5);
        for (const auto& row : table.rows) {
            const auto lines = linesOf(row, cell);
            if (m_y + heightOf(lines) > kPageHeight - kMargin) {
                newPage();
                drawRow(header, head);
            }
            drawRow(lines, cell);
        }
        m_y += sizePt;
    }

private:
    static constexpr double kCellPadding = 6;

    double longestWordWidth(const std::string& text, const report::TextStyle& style) {
        double widest = 0;
        for (std::size_t start = 0; start <= text.size();) {
            const auto end = std::min(text.find(' ', start), text.size());
            widest = std::max(widest, m_canvas.textWidth(text.substr(start, end - start), style));
            start = end + 1;
        }
        return widest;
    }

    // How wide `table` is at `sizePt` with every column as narrow as its longest word.
    double leastTableWidth(const report::Table& table, double sizePt) {
        const report::TextStyle cell{sizePt, false, report::Anchor::Start, kInk};
        const report::TextStyle head{sizePt, true, report::Anchor::Start, kInk};
        double sum = 0;
        for (std::size_t c = 0; c < table.header.size(); ++c) {
            double least = longestWordWidth(table.header[c], head);
            for (const auto& row : table.rows) least = std::max(least, longestWordWidth(row[c], cell));
            sum += least + kCellPadding;
        }
        return sum;
    }

    // `text` in lines no wider than `width`, broken at spaces; a word wider than the column alone
    // is shortened with "…".
    std::vector<std::string> wrap(const std::string& text, const report::TextStyle& style, double width) {
        std::vector<std::string> lines;
        std::string line;
        std::size_t start = 0;
        while (start <= text.size()) {
            const auto end = std::min(text.find(' ', start), text.size());
            const std::string word = text.substr(start, end - start);
            const std::string candidate = line.empty() ? word : line + " " + word;
            if (!line.empty() && m_canvas.textWidth(candidate, style) > width) {
                lines.push_back(report::fitText(m_canvas, line, style, width));
                line = word;
            } else {
                line = candidate;
            }
            start = end + 1;
        }
        lines.push_back(report::fitText(m_canvas, line, style, width));
        return lines;
    }

    void room(double height) {
        if (m_y + height > kPageHeight - kMargin) newPage();
    }
    void newPage() {
        cairo_show_page(m_cairo);
        ++m_pages;
        m_y = kMargin;
    }

    cairo_t* m_cairo;
    report::CairoCanvas m_canvas;
    double m_y = kMargin;
    int m_pages = 0;
};

}  // namespace

int writePdfReport(const ReportInput& input, const std::filesystem::path& file) {
    const auto content = report::buildReportContent(input);
    std::string bytes;
    int pages = 0;
    {
        std::unique_ptr<cairo_surface_t, decltype(&cairo_surface_destroy)> surface(
            cairo_pdf_surface_create_for_stream(report::appendToString, &bytes, kPageWidth, kPageHeight),
            &cairo_surface_destroy);
        report::checkCairo(surface.get(), file.string());
        cairo_pdf_surface_set_metadata(surface.get(), CAIRO_PDF_METADATA_TITLE, content.title.c_str());
        cairo_pdf_surface_set_metadata(surface.get(), CAIRO_PDF_METADATA_CREATOR, "BridgeBench");
        std::unique_ptr<cairo_t, decltype(&cairo_destroy)> cairo(cairo_create(surface.get()), &cairo_destroy);
        PdfPages pdf(cairo.get());
        pdf.heading(content.title, 18);
        pdf.paragraph(fmt::format("Generated {}. {} runs.", content.generated, input.runs.size()), 9,
                      {0x66, 0x66, 0x66});
        pdf.heading("Comparison", 13);
        pdf.paragraph(fmt::format("{}: {}.", content.comparison.unit, content.baseline), 9, {0x66, 0x66, 0x66});
        pdf.chart(report::comparisonChartSize(content.comparison), [&](report::Canvas& canvas, report::ChartSize size) {
            report::drawComparisonChart(canvas, content.comparison, size);
        });
        pdf.heading("Throughput per step", 13);
        pdf.chart(report::kStepChartSize, [&](report::Canvas& canvas, report::ChartSize size) {
            report::drawStepChart(canvas, input.runs, content.comparison, size);
        });
        pdf.heading("Summary", 13);
        pdf.table(content.summary, 7);
        if (!content.otherProcessesNotes.empty()) {
            pdf.paragraph("‡ Measured beside other processes (the figures may not repeat):", 8, {0x66, 0x66, 0x66});
            for (const auto& note : content.otherProcessesNotes) pdf.paragraph(note, 8, {0x66, 0x66, 0x66});
        }
        pdf.paragraph("Where TFLOP/s and MFU come from:", 8, {0x66, 0x66, 0x66});
        for (const auto& note : content.flopsNotes) pdf.paragraph(note, 8, {0x66, 0x66, 0x66});
        pdf.heading("Diagnosis and environment", 13);
        if (!content.withoutSteps.empty()) pdf.paragraph(content.withoutSteps, 9);
        for (const auto& section : content.runs) {
            pdf.heading(section.heading, 10);
            for (const auto& paragraph : section.diagnosis) pdf.paragraph(paragraph, 9);
            report::Table environment{{"environment", "value"}, {}};
            for (const auto& [key, value] : section.environment) environment.rows.push_back({key, value});
            if (!environment.rows.empty()) pdf.table(environment, 7);
        }
        pdf.finish();
        pages = pdf.pagesShown();
        cairo.reset();
        cairo_surface_finish(surface.get());
        report::checkCairo(surface.get(), file.string());
    }
    writeOutputFile(file, bytes);
    return pages;
}

}  // namespace bb
