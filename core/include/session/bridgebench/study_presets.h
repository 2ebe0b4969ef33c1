// The built-in studies, shaped by the device this machine has (hence not in config, which asks
// LibTorch nothing): "study" reproduces the published grid on it.
#pragma once

#include <string>
#include <vector>

#include "bridgebench/study_config.h"

namespace bb {

StudyConfig studyPreset(const std::string& name);
const std::vector<std::string>& studyPresetNames();

}  // namespace bb
