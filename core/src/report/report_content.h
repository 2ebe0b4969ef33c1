// What a report says, computed once and laid out by both the HTML and the PDF writer.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "bridgebench/report.h"

namespace bb::report {

struct Table {
    std::vector<std::string> header;
    std::vector<std::vector<std::string>> rows;
};

struct RunSection {
    std::string heading;                 // "#12 8x H100 workers 2"
    std::vector<std::string> diagnosis;  // paragraphs; one saying why when there is none
    std::vector<std::pair<std::string, std::string>> environment;  // flattened "key.sub" → value
};

struct ReportContent {
    std::string title;
    std::string generated;  // "2026-11-30T19:05:00Z by BridgeBench 0.1.0"
    RunComparison comparison;
    // What the speedups are held against, a run or a device, or that there are none.
    std::string baseline;
    Table summary;
    // "#3: TFLOP/s: analytical count …", "#3: assumes …", "#3: MFU: H100 SXM bf16 …": each once.
    std::vector<std::string> flopsNotes;
    // "#12: other processes took 1.4 of the 2 cores …", for each run whose samples/s is marked ‡.
    std::vector<std::string> otherProcessesNotes;
    std::vector<RunSection> runs;  // the runs with steps
    // "#1, #2 have no per-step measurements …": the runs without a section; empty when none.
    std::string withoutSteps;
};

ReportContent buildReportContent(const ReportInput& input);
// "speedups against the device 8× H100: …", "speedups against run #12 …", "no baseline, …".
std::string baselineText(const RunComparison& comparison);

// The summary table's figure for a number: one decimal, three significant digits below 1 (0.0134),
// "–" when unknown.
std::string figure(double value);
// Achieved TFLOP/s: three significant digits, never in exponent form (a CPU's 0.0123, a cluster's 1230).
std::string tflopsFigure(double value);

}  // namespace bb::report
