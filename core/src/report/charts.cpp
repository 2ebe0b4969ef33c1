#include "report/charts.h"

#include <algorithm>
#include <cmath>
#include <vector>

#include <fmt/format.h>

#include "bridgebench/axis_ticks.h"
#include "bridgebench/speedup_figure.h"
#include "report/report_content.h"

namespace bb::report {

namespace {

constexpr double kChartWidth = 800;
constexpr double kBarRow = 28;
constexpr double kTop = 36;
constexpr double kBottom = 40;
constexpr double kNoteSizePx = 10;
constexpr double kNoteLine = 13;
constexpr Color kInk{0x22, 0x22, 0x22};
constexpr Color kGrid{0xdd, 0xdd, 0xdd};
constexpr Color kMeasured{0x2f, 0x6f, 0xb3};
constexpr Color kReference{0x9d, 0xb9, 0xd8};
constexpr Color kOtherWorkload{0xc9, 0x8b, 0x2b};
constexpr Color kPalette[] = {{0x2f, 0x6f, 0xb3}, {0xd9, 0x5f, 0x02}, {0x1b, 0x9e, 0x77}, {0x75, 0x70, 0xb3},
                              {0xe7, 0x29, 0x8a}, {0x66, 0xa6, 0x1e}, {0xa6, 0x76, 0x1d}, {0x66, 0x66, 0x66}};

std::string tickLabel(double value) {
    return std::abs(value - std::round(value)) < 1e-9 ? fmt::format("{:.0f}", value) : fmt::format("{:g}", value);
}

// At most a lowest and a highest point per horizontal unit: a 200 000-step run draws the same
// line (spikes included) from about 1 500 points, which keeps the HTML and PDF small.
std::vector<Point> decimated(const std::vector<Point>& points) {
    if (points.size() < 4000) return points;
    std::vector<Point> out;
    std::size_t start = 0;
    while (start < points.size()) {
        const double column = std::floor(points[start].x);
        std::size_t end = start;
        std::size_t low = start;
        std::size_t high = start;
        for (; end < points.size() && std::floor(points[end].x) == column; ++end) {
            if (points[end].y > points[low].y) low = end;  // y grows downwards
            if (points[end].y < points[high].y) high = end;
        }
        out.push_back(points[std::min(low, high)]);
        if (low != high) out.push_back(points[std::max(low, high)]);
        start = end;
    }
    return out;
}

// What the † and a refused speedup mean, under the bars; empty when neither is drawn.
std::string comparisonNote(const RunComparison& comparison) {
    const bool anyDiffers = std::any_of(comparison.entries.begin(), comparison.entries.end(),
                                        [](const auto& entry) { return entry.workloadDiffers; });
    if (!anyDiffers && !comparison.anySpeedupRefused()) return {};
    return (anyDiffers ? comparison.daggerNote() + " (model, batch, image size, text length, precision or device count)" +
                             (comparison.anySpeedupRefused() ? "; " : "")
                       : std::string()) +
           comparison.refusedNote();
}

// Words onto lines no wider than `width` as `measure` has them (a word wider than a line has
// one of its own). By hand: the notes are English sentences of a few dozen words, and the
// canvases (Cairo, SVG) measure a line but do not wrap.
template <typename Measure>
std::vector<std::string> wrapWords(const std::string& text, double width, Measure&& measure) {
    std::vector<std::string> lines;
    std::string line;
    std::size_t at = 0;
    while (at < text.size()) {
        const std::size_t end = std::min(text.find(' ', at), text.size());
        const std::string word = text.substr(at, end - at);
        const std::string longer = line.empty() ? word : line + " " + word;
        if (!line.empty() && measure(longer) > width) {
            lines.push_back(line);
            line = word;
        } else {
            line = longer;
        }
        at = end + 1;
    }
    if (!line.empty()) lines.push_back(line);
    return lines;
}

// Lines the note takes, as a chart's size is decided before a canvas measures: wider than a
// sans-serif's average letter, so that the lines drawn are never more than were made room for.
std::size_t noteLinesReserved(const std::string& note) {
    const auto estimate = [](const std::string& line) {
        std::size_t points = 0;
        for (const unsigned char c : line) points += (c & 0xC0) != 0x80;
        return static_cast<double>(points) * kNoteSizePx * 0.62;
    };
    return wrapWords(note, kChartWidth - 16, estimate).size();
}

}  // namespace

std::string fitText(Canvas& canvas, std::string text, const TextStyle& style, double width) {
    if (canvas.textWidth(text, style) <= width) return text;
    // Whole UTF-8 characters, taken out of the middle: a sweep's run names differ at their ends
    // ("… workers=0 device_transforms=off" and "=on"), which a cut at the end made one label.
    std::vector<std::string> characters;
    for (std::size_t at = 0; at < text.size();) {
        std::size_t next = at + 1;
        while (next < text.size() && (static_cast<unsigned char>(text[next]) & 0xC0) == 0x80) ++next;
        characters.push_back(text.substr(at, next - at));
        at = next;
    }
    const auto joined = [&](std::size_t cut, std::size_t removed) {
        std::string out;
        for (std::size_t k = 0; k < cut; ++k) out += characters[k];
        out += "…";
        for (std::size_t k = cut + removed; k < characters.size(); ++k) out += characters[k];
        return out;
    };
    for (std::size_t removed = 1; removed <= characters.size(); ++removed) {
        const std::string shorter = joined((characters.size() - removed) / 2, removed);
        if (canvas.textWidth(shorter, style) <= width) return shorter;
    }
    return "…";
}

std::vector<double> niceTicks(double maximum, int roughCount, bool integerSteps) {
    if (!(maximum > 0) || !std::isfinite(maximum)) return {0, 1};
    const AxisTicks axis = niceAxisTicks(0, maximum, roughCount, integerSteps);
    std::vector<double> ticks;
    for (int index = 0; index < axis.count(); ++index) ticks.push_back(axis.min + index * axis.step);
    return ticks;
}

ChartSize comparisonChartSize(const RunComparison& comparison) {
    const std::size_t noteLines = noteLinesReserved(comparisonNote(comparison));
    return {kChartWidth, kTop + kBottom + kBarRow * static_cast<double>(std::max<std::size_t>(1, comparison.entries.size())) +
                             kNoteLine * static_cast<double>(noteLines > 1 ? noteLines - 1 : 0)};
}

void drawComparisonChart(Canvas& canvas, const RunComparison& comparison, ChartSize size) {
    const TextStyle title{14, true, Anchor::Start, kInk};
    const TextStyle label{11, false, Anchor::End, kInk};
    const TextStyle valueStyle{11, false, Anchor::Start, kInk};
    const TextStyle axis{10, false, Anchor::Middle, {0x55, 0x55, 0x55}};
    canvas.rect(0, 0, size.width, size.height, {0xff, 0xff, 0xff}, "background");
    std::string heading = fmt::format("Throughput ({})", comparison.unit);
    if (!comparison.baselineName.empty()) heading += fmt::format(", speedup against {}", comparison.baselineName);
    canvas.text(8, 20, fitText(canvas, heading, title, size.width - 16), title);

    double labelWidth = 0;
    for (const auto& entry : comparison.entries) labelWidth = std::max(labelWidth, canvas.textWidth(entry.runName, label));
    labelWidth = std::min(labelWidth, size.width * 0.4);
    const double left = 12 + labelWidth + 8;
    const double right = size.width - 150;  // room for "1234.5 (1.23×)"
    double maximum = 0;
    for (const auto& entry : comparison.entries)
        if (std::isfinite(entry.value)) maximum = std::max(maximum, entry.value);
    const auto ticks = niceTicks(maximum, 5);
    const double top = ticks.back();
    // The bars' rows from the top; what the note needs beyond its one line is below the axis.
    const double plotBottom =
        kTop + kBarRow * static_cast<double>(std::max<std::size_t>(1, comparison.entries.size())) + 6;
    auto xOf = [&](double value) { return left + (right - left) * value / top; };
    for (const double tick : ticks) {
        canvas.line(xOf(tick), kTop - 4, xOf(tick), plotBottom, kGrid, 1);
        canvas.text(xOf(tick), plotBottom + 14, tickLabel(tick), axis);
    }
    double y = kTop;
    for (const auto& entry : comparison.entries) {
        canvas.text(left - 8, y + kBarRow * 0.62, fitText(canvas, entry.runName, label, labelWidth), label);
        if (std::isfinite(entry.value)) {
            const Color color = entry.workloadDiffers ? kOtherWorkload : entry.reference ? kReference : kMeasured;
            const double barWidth = std::max(1.0, xOf(entry.value) - left);
            canvas.rect(left, y + 4, barWidth, kBarRow - 8, color, "bar");
            // The figure and its speedup as the window writes them: "0.0134 (×1.00)", not "0.0 (1.00×)".
            std::string value = figure(entry.value);
            if (std::isfinite(entry.speedup)) value += fmt::format(" (×{})", speedupFigure(entry.speedup));
            else if (speedupRefused(entry.noSpeedup)) value += " (no speedup)";
            if (entry.workloadDiffers) value += " †";
            canvas.text(left + barWidth + 6, y + kBarRow * 0.62, value, valueStyle);
        } else {
            canvas.text(left + 6, y + kBarRow * 0.62, "no figure", valueStyle);
        }
        y += kBarRow;
    }
    canvas.line(left, kTop - 4, left, plotBottom, kInk, 1);
    const TextStyle note{kNoteSizePx, false, Anchor::Start, kOtherWorkload};
    const auto lines = wrapWords(comparisonNote(comparison), size.width - 16,
                                 [&](const std::string& line) { return canvas.textWidth(line, note); });
    double lineY = plotBottom + 28;
    for (const auto& line : lines) {
        canvas.text(8, lineY, line, note);
        lineY += kNoteLine;
    }
}

void drawStepChart(Canvas& canvas, const std::vector<RunData>& runs, const RunComparison& comparison, ChartSize size) {
    const TextStyle title{14, true, Anchor::Start, kInk};
    const TextStyle axis{10, false, Anchor::Middle, {0x55, 0x55, 0x55}};
    const TextStyle axisRight{10, false, Anchor::End, {0x55, 0x55, 0x55}};
    canvas.rect(0, 0, size.width, size.height, {0xff, 0xff, 0xff}, "background");
    // Not the summary's figure (the median after warm-up): every step as it was measured.
    canvas.text(8, 20, "Samples/s of each step as measured (warm-up included, not smoothed)", title);
    const auto otherWork = [&](const RunData& data) {
        const auto entry = std::find_if(comparison.entries.begin(), comparison.entries.end(),
                                        [&](const auto& item) { return item.runId == data.run.id; });
        return entry != comparison.entries.end() &&
               std::any_of(entry->differences.begin(), entry->differences.end(),
                           [](const auto& difference) { return changesTheWork(difference.field); });
    };

    std::vector<const RunData*> plotted;
    double maxStep = 0;
    double maxRate = 0;
    for (const auto& data : runs) {
        bool any = false;
        for (const auto& step : data.steps)
            if (step.samplesPerSec > 0 && std::isfinite(step.samplesPerSec)) {
                any = true;
                maxStep = std::max(maxStep, static_cast<double>(step.step));
                maxRate = std::max(maxRate, step.samplesPerSec);
            }
        if (any) plotted.push_back(&data);
    }
    const bool anyOtherWork = std::any_of(plotted.begin(), plotted.end(), [&](const RunData* data) { return otherWork(*data); });
    // The note's line under the title, above the legend.
    const double legendTop = anyOtherWork ? 52 : 36;
    if (anyOtherWork)
        canvas.text(8, 36, "† other work per sample (model, image size or text length): not the same unit of samples/s",
                    TextStyle{10, false, Anchor::Start, kOtherWorkload});
    const double left = 64;
    const double right = size.width - 32;  // room for half of the last step label
    const double top = legendTop + 16.0 * static_cast<double>(std::min<std::size_t>(plotted.size(), 8));
    const double bottom = size.height - 36;
    if (plotted.empty()) {
        canvas.text(size.width / 2, size.height / 2, "No run here has per-step throughput", axis);
        return;
    }
    const auto yTicks = niceTicks(maxRate, 5);
    const auto xTicks = niceTicks(std::max(1.0, maxStep), 8, /*integerSteps=*/true);
    auto xOf = [&](double step) { return left + (right - left) * step / xTicks.back(); };
    auto yOf = [&](double rate) { return bottom - (bottom - top) * rate / yTicks.back(); };
    for (const double tick : yTicks) {
        canvas.line(left, yOf(tick), right, yOf(tick), kGrid, 1);
        canvas.text(left - 6, yOf(tick) + 4, tickLabel(tick), axisRight);
    }
    for (const double tick : xTicks) canvas.text(xOf(tick), bottom + 14, tickLabel(tick), axis);
    canvas.text((left + right) / 2, size.height - 6, "step", axis);
    canvas.line(left, bottom, right, bottom, kInk, 1);
    canvas.line(left, top, left, bottom, kInk, 1);

    for (std::size_t index = 0; index < plotted.size(); ++index) {
        const Color color = kPalette[index % std::size(kPalette)];
        std::vector<Point> points;
        for (const auto& step : plotted[index]->steps)
            if (step.samplesPerSec > 0 && std::isfinite(step.samplesPerSec))
                points.push_back({xOf(static_cast<double>(step.step)), yOf(step.samplesPerSec)});
        canvas.polyline(decimated(points), color, 1.5, "series");
        if (index < 8) {
            const double legendY = legendTop + 16.0 * static_cast<double>(index);
            canvas.rect(left + 8, legendY - 8, 14, 4, color, "legend");
            const bool marked = otherWork(*plotted[index]);
            canvas.text(left + 28, legendY - 2, plotted[index]->run.name + (marked ? " †" : ""),
                        TextStyle{10, false, Anchor::Start, marked ? kOtherWorkload : kInk});
        }
    }

}

}  // namespace bb::report
