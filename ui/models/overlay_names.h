// The names of the per-step lines the Compare tab overlays, one per run with steps. A run's own
// name repeats what every line shares: a measured table's six runs are all "1x H200 · workers …
// (2 Dec 2026)", which the legend cut to six identical "1x H2…". Each line is named by the least
// that tells it from the others, in the bar chart's own words, so that a line and its bar match.
#pragma once

#include <QStringList>

#include <vector>

#include "bridgebench/run_record.h"

namespace bb::ui {

// The runs' configurations ("workers 2 + device-side loading") when those differ; else device and
// configuration ("1× H200 · workers 2"). Runs of one configuration on one device add, as their
// bars do, the words of their names that tell them apart ("workers 0 (00:32:44)").
QStringList overlayNames(const std::vector<RunRecord>& runs);

}  // namespace bb::ui
