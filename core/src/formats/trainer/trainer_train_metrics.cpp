#include "bridgebench/trainer_train_metrics.h"

#include "formats/trainer/json_fields.h"
#include "formats/trainer/trainer_metrics_fields.h"
#include "util/file_contents.h"

namespace bb {

namespace trainer {

// What a training run's figures can physically be. A billion samples or steps a second is past
// any cluster; a billion seconds is 31 years; 1e30 FLOPs is some 10,000 times the largest
// training runs reported. The loss is left as it is: a diverged run's is NaN or infinite.
constexpr double kMostPerSecond = 1e9;
constexpr double kMostSeconds = 1e9;
constexpr double kMostFlos = 1e30;

TrainerTrainMetrics trainMetricsOf(const JsonFields& fields) {
    TrainerTrainMetrics metrics;
    metrics.epoch = fields.figure("epoch", 0, 1e9);
    metrics.runtimeSec = fields.figure("train_runtime", 0, kMostSeconds);
    metrics.samplesPerSec = fields.figure("train_samples_per_second", 0, kMostPerSecond);
    metrics.stepsPerSec = fields.figure("train_steps_per_second", 0, kMostPerSecond);
    metrics.loss = fields.number("train_loss");
    metrics.totalFlos = fields.figure("total_flos", 0, kMostFlos);
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
