// What "the study" is when a user compares with it: the newest published table (the study's
// headline figures, as the blog gives them) and, beside it, the newest table BridgeBench measured
// itself on each device (core/references/): an H200 measured in 2026 stands next to the 2023
// figures rather than replacing them.
#pragma once

#include <vector>

#include "bridgebench/result_store.h"

namespace bb {

// A reference run with its steps, measured by BridgeBench, not a published headline figure.
bool isMeasuredReference(const RunRecord& run);
// One of the study's figures as the blog gives them: one number per configuration, no steps.
bool isPublishedFigure(const RunRecord& run);
// A run of BridgeBench's own engine, here or in a measured reference table: it fed the
// engine's captions and counted its FLOPs as it ran.
bool ranOnTheEngine(const RunRecord& run);

// The published table's runs first, then the measured ones, each in the order given.
std::vector<RunRecord> studyRuns(const std::vector<RunRecord>& runs);

}  // namespace bb
