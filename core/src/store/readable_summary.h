// What this build can read of a run's stored summary: a database written by another tool, by
// hand or by a later BridgeBench can hold a value of another type where this build reads a
// number ("median_samples_per_s": "fast"), and nlohmann's readers throw on it wherever the
// summary is read: `list` failed as a whole and selecting the run ended the window.
#pragma once

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace bb {

// Leaves out of `summary` (a copy read from the file: the file keeps them) each value that
// this build's readers cannot take, and returns one line per value left out, naming its key and
// quoting it. A summary that is not an object becomes an empty one.
std::vector<std::string> keepReadableSummary(nlohmann::json& summary);

}  // namespace bb
