// What a run ran on, recorded with every run so figures can be compared honestly.
#pragma once

#include <nlohmann/json.hpp>

#include "bridgebench/run_config.h"

namespace bb {

nlohmann::json captureEnvironment(const RunConfig& config, int intraOpThreads);

}  // namespace bb
