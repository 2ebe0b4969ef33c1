#include "bridgebench/trainer_train_metrics.h"

#include "store/trainer/json_fields.h"
#include "store/trainer/trainer_metrics_fields.h"
#include "util/file_contents.h"

namespace bb {

namespace trainer {

TrainerTrainMetrics trainMetricsOf(const JsonFields& fields) {
    TrainerTrainMetrics metrics;
    metrics.epoch = fields.number("epoch");
    metrics.runtimeSec = fields.number("train_runtime");
    metrics.samplesPerSec = fields.number("train_samples_per_second");
    metrics.stepsPerSec = fields.number("train_steps_per_second");
    metrics.loss = fields.number("train_loss");
    metrics.totalFlos = fields.number("total_flos");
    metrics.samples = fields.integer("train_samples");
    // "step" belongs to the log entry that carries these metrics, not to the metrics.
    metrics.otherValues =
        fields.otherNumbers({"epoch", "train_runtime", "train_samples_per_second", "train_steps_per_second",
                             "train_loss", "total_flos", "train_samples", "step"});
    return metrics;
}

}  // namespace trainer

TrainerTrainMetrics readTrainerResults(const std::filesystem::path& path) {
    return parseTrainerResults(readFileContents(path), path.string());
}

TrainerTrainMetrics parseTrainerResults(std::string_view contents, const std::string& fileName) {
    const nlohmann::json document = trainer::parseTrainerJson(contents, fileName);
    return trainer::trainMetricsOf(trainer::JsonFields(document, fileName, ""));
}

}  // namespace bb
