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

// The published table's runs first, then the measured ones, each in the order given.
std::vector<RunRecord> studyRuns(const std::vector<RunRecord>& runs);

}  // namespace bb
