// The figures Hugging Face's Trainer reports when train() ends: the last entry of
// trainer_state.json's log_history, and the contents of train_results.json / all_results.json.
#pragma once

#include <cstdint>
#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <string_view>

namespace bb {

// Every field is optional: Transformers and Optimum Habana versions differ in what they write.
struct TrainerTrainMetrics {
    std::optional<double> epoch;
    std::optional<double> runtimeSec;     // train_runtime
    std::optional<double> samplesPerSec;  // train_samples_per_second: all devices together
    std::optional<double> stepsPerSec;    // train_steps_per_second
    std::optional<double> loss;           // train_loss, the mean over the run
    std::optional<double> totalFlos;      // total_flos
    std::optional<std::int64_t> samples;  // train_samples, written by the example scripts
    // Every other number under its own key: "eval_loss", "memory_allocated (GB)" (Gaudi), …
    std::map<std::string, double> otherValues;
};

// Reads train_results.json or all_results.json (one JSON object). Throws InputError naming the
// file and the line and column of a syntax error, or the key of a value of the wrong type.
// Python's NaN and Infinity, which json.dump writes for a diverged loss, are accepted.
TrainerTrainMetrics readTrainerResults(const std::filesystem::path& path);
// The same for a file's contents in memory; messages name `fileName`.
TrainerTrainMetrics parseTrainerResults(std::string_view contents, const std::string& fileName);

}  // namespace bb
