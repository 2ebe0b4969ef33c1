// Builds the model and batch source a RunConfig names.
#pragma once

#include <memory>

#include "bridgebench/run_config.h"
#include "engine/batch_source.h"
#include "engine/training_model.h"

namespace bb {

std::unique_ptr<TrainingModel> makeTrainingModel(const RunConfig& config);
std::unique_ptr<BatchSource> makeBatchSource(const RunConfig& config, const TrainingModel& model);

}  // namespace bb
