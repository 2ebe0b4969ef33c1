// Reads the end-of-training metrics from one JSON object, for both trainer_state.json's last
// log entry and the *_results.json files.
#pragma once

#include "bridgebench/trainer_train_metrics.h"
#include "formats/trainer/json_fields.h"

namespace bb::trainer {

TrainerTrainMetrics trainMetricsOf(const JsonFields& fields);

}  // namespace bb::trainer
