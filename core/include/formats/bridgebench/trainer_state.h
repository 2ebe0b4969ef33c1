// Hugging Face Trainer's trainer_state.json: the run's counters and its log_history.
#pragma once

#include <cstdint>
#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "bridgebench/trainer_train_metrics.h"

namespace bb {

enum class TrainerLogKind {
    Training,      // a logging step: loss, grad_norm, learning_rate
    Evaluation,    // eval_* figures
    TrainSummary,  // the entry train() appends at its end: train_runtime, train_samples_per_second, …
    Other,
};

// One entry of log_history. The Trainer writes no timestamps.
struct TrainerLogEntry {
    TrainerLogKind kind = TrainerLogKind::Other;
    std::optional<std::int64_t> step;
    std::optional<double> epoch;
    std::optional<double> loss;
    std::optional<double> gradNorm;
    std::optional<double> learningRate;
    // Every other number under its own key: "eval_loss", "train_runtime",
    // "memory_allocated (GB)" and "max_memory_allocated (GB)" on Gaudi, …
    std::map<std::string, double> otherValues;
};

// Every field is optional: versions differ in what they write.
struct TrainerState {
    std::optional<double> epoch;
    std::optional<std::int64_t> globalStep;
    std::optional<std::int64_t> maxSteps;
    std::optional<double> numTrainEpochs;
    std::optional<std::int64_t> loggingSteps;
    std::optional<std::int64_t> trainBatchSize;  // per device
    std::optional<double> totalFlos;
    std::optional<double> bestMetric;
    std::optional<std::string> bestModelCheckpoint;
    std::vector<TrainerLogEntry> logHistory;
    // From the last TrainSummary entry of logHistory, when there is one.
    std::optional<TrainerTrainMetrics> trainMetrics;
};

// Throws InputError naming the file and the line and column of a syntax error, or the key of a
// value of the wrong type ("log_history[3].loss"). Keys it does not know are passed over.
TrainerState readTrainerState(const std::filesystem::path& path);
// The same for a file's contents in memory; messages name `fileName`.
TrainerState parseTrainerState(std::string_view contents, const std::string& fileName);

}  // namespace bb
