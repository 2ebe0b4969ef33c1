// Reports on a set of runs: the comparison chart, the per-step chart, the summary table, the
// diagnosis and the environment of each run — as one self-contained HTML file (inline SVG and
// CSS, nothing fetched) or a PDF; and each chart alone as SVG or PNG. Drawn by core (Cairo for
// PDF and PNG), so the CLI and the GUI produce the same files. Throws bb::Error naming the file
// that cannot be written.
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "bridgebench/run_comparison.h"
#include "bridgebench/run_data.h"

namespace bb {

struct ReportInput {
    std::vector<RunData> runs;
    std::optional<std::int64_t> baselineRunId;  // one of the runs
    CompareMetric metric = CompareMetric::SamplesPerSec;
    std::string title = "BridgeBench report";
    // A device baseline (the Compare tab's "Baseline: 8× H100"), or a run; Kind::None leaves it
    // to baselineRunId.
    CompareBaseline baseline;
};

// The comparison a report of `input` renders.
RunComparison reportComparison(const ReportInput& input);

enum class ReportChart { Comparison, Steps };

void writeHtmlReport(const ReportInput& input, const std::filesystem::path& file);
// A4 pages: charts and summary first, then diagnoses and environments. Returns the page count.
int writePdfReport(const ReportInput& input, const std::filesystem::path& file);
void writeChartSvg(const ReportInput& input, ReportChart chart, const std::filesystem::path& file);
// `scale` multiplies the chart's own size (800 wide) into pixels.
void writeChartPng(const ReportInput& input, ReportChart chart, const std::filesystem::path& file, double scale = 1.5);

}  // namespace bb
