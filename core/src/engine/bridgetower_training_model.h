// BridgeTower's contrastive model (the study's workload) as the trainer's TrainingModel.
#pragma once

#include <filesystem>

#include "bridgebench/bridgetower_config.h"
#include "engine/training_model.h"

namespace bb {

// weights: optional safetensors checkpoint, loaded strictly (missing or unexpected keys and
// shape mismatches are an InputError naming them). textLength: tokens per caption; 0 takes
// defaultTextLength (model_info.h); more than the model's positions is a ConfigError.
std::unique_ptr<TrainingModel> makeBridgeTowerTrainingModel(const BridgeTowerConfig& config,
                                                            const std::filesystem::path& weights,
                                                            std::int64_t textLength = 0);

}  // namespace bb
