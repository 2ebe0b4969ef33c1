// The report's two charts, drawn on any Canvas: a horizontal bar per compared run (value,
// speedup, workload caveat) and the per-step throughput of each run that has steps.
#pragma once

#include <string>
#include <vector>

#include "bridgebench/run_comparison.h"
#include "bridgebench/run_data.h"
#include "report/canvas.h"

namespace bb::report {

struct ChartSize {
    double width = 0;
    double height = 0;
};

// The height grows with the number of runs.
ChartSize comparisonChartSize(const RunComparison& comparison);
void drawComparisonChart(Canvas& canvas, const RunComparison& comparison, ChartSize size);

inline constexpr ChartSize kStepChartSize{800, 360};
// Runs without steps are left out; a chart without any says so in its middle. Its title says
// what the lines are (each step's samples/s as measured, warm-up included, not smoothed), and
// a run whose sample is other work than `comparison` holds it against is marked † in the
// legend and the note under it: its samples/s are not the same unit.
void drawStepChart(Canvas& canvas, const std::vector<RunData>& runs, const RunComparison& comparison, ChartSize size);

// `text`, its middle replaced with "…" (whole UTF-8 characters) until it fits `width`: both ends,
// where names differ, stay.
std::string fitText(Canvas& canvas, std::string text, const TextStyle& style, double width);

// Round numbers for axis ticks covering [0, maximum] (see niceAxisTicks); whole numbers only
// with integerSteps.
std::vector<double> niceTicks(double maximum, int roughCount, bool integerSteps = false);

}  // namespace bb::report
