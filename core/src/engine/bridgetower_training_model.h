// BridgeTower's contrastive model (the study's workload) as the trainer's TrainingModel.
#pragma once

#include <filesystem>

#include "bridgebench/bridgetower_config.h"
#include "engine/training_model.h"

namespace bb {

// weights: optional safetensors checkpoint, loaded strictly (missing or unexpected keys and
// shape mismatches are an InputError naming them).
std::unique_ptr<TrainingModel> makeBridgeTowerTrainingModel(const BridgeTowerConfig& config,
                                                            const std::filesystem::path& weights);

}  // namespace bb
