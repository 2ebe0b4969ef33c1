// A study: a grid over run-config keys, run one point after another and grouped in the store
// (the published study's grid is workers {0,1,2} × device-side transforms {off,on}).
#pragma once

#include <cstddef>
#include <filesystem>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "bridgebench/run_config.h"

namespace bb {

struct StudyConfig {
    std::string name;
    std::string description;  // why this workload (shown with the results)
    RunConfig base;
    // Keys in the order they vary (the last varies fastest), each with its values. From JSON
    // the keys come in alphabetical order.
    std::vector<std::pair<std::string, std::vector<nlohmann::json>>> grid;  // a StudyGrid
};

// {"name", "description", "base": {run config}, "grid": {"workers": [0,1,2], ...}}.
// ConfigError names the key at fault ("grid.workers").
StudyConfig studyConfigFromJson(const nlohmann::json& object);
nlohmann::json toJson(const StudyConfig& study);
StudyConfig loadStudyConfig(const std::filesystem::path& file);

// More grid points than any sweep would finish; a file asking for them is refused before they
// are built (a few keys of a few dozen values each reach billions).
inline constexpr std::size_t kMaxStudyRuns = 10'000;

// Every grid point as a validated RunConfig, named "<study> · key=value ...". Throws
// ConfigError("grid") when the grid spans more than kMaxStudyRuns points.
std::vector<RunConfig> expandStudy(const StudyConfig& study);

using StudyGrid = std::vector<std::pair<std::string, std::vector<nlohmann::json>>>;

// The published study's loader settings as a grid: workers 0, 1 and 2, each with device-side
// transforms off and then on. Workers outermost, so that a sweep stopped early (a lent GPU's time
// limit, Ctrl-C) keeps whole pairs.
StudyGrid studyLoaderGrid();

// That grid around one run's settings (the window's Sweep). The study takes the run's name, else
// one made of its settings, so that sweeping the same settings again resumes it.
StudyConfig loaderSweepAround(const RunConfig& base);

}  // namespace bb
