// A store's runs read whole, with their steps, tags and timeline (bridgebench/run_data.h): what
// exports and reports take.
#pragma once

#include <vector>

#include "bridgebench/result_store.h"
#include "bridgebench/run_data.h"

namespace bb {

// Reads the runs with their steps and tags, in the order given; without their steps for what
// reads them a step at a time (an export from ResultStore::forEachStep).
std::vector<RunData> loadRuns(ResultStore& store, const std::vector<RunRecord>& runs, bool withTimeline = false,
                              bool withSteps = true);

}  // namespace bb
