// What this build can read of a stored run's JSON: a database written by another tool, by hand
// or by a later BridgeBench can hold a value of another type where this build reads a number
// ("median_samples_per_s": "fast"), and nlohmann's readers throw on it wherever the run is read:
// `list` failed as a whole and selecting the run ended the window.
#pragma once

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace bb {

// Each leaves out of its object (a copy read from the file: the file keeps them) the values
// this build's readers cannot take, and returns one line per value left out, naming its key and
// quoting it. An object that is not one becomes an empty one.
std::vector<std::string> keepReadableSummary(nlohmann::json& summary);
std::vector<std::string> keepReadableConfig(nlohmann::json& config);
std::vector<std::string> keepReadableEnvironment(nlohmann::json& environment);

}  // namespace bb
