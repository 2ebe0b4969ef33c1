// A Hugging Face Trainer output folder (`--output_dir` of run_bridgetower.py and the like), read
// into plain structs for the importer: trainer_state.json, all_results.json or
// train_results.json, and the TensorBoard event files under runs/.
#pragma once

#include <filesystem>
#include <optional>
#include <vector>

#include <nlohmann/json.hpp>

#include "bridgebench/tfevents_file.h"
#include "bridgebench/trainer_state.h"
#include "bridgebench/trainer_train_metrics.h"

namespace bb {

struct TrainerOutput {
    std::filesystem::path folder;
    // The folder's own trainer_state.json, else the one of its latest checkpoint-N/ folder.
    std::optional<TrainerState> state;
    std::filesystem::path statePath;
    // all_results.json, else train_results.json.
    std::optional<TrainerTrainMetrics> results;
    std::filesystem::path resultsPath;
    // The model's config.json that trainer.save_model() leaves in the folder; null without one.
    nlohmann::json modelConfig;
    std::filesystem::path modelConfigPath;
    // Every events file under runs/, by path. log_history has no timestamps: per-step wall times
    // come from here.
    std::vector<TfEventsFile> eventFiles;
};

// Throws InputError naming the folder when it holds none of these files, and the errors of the
// readers (naming file and place) when one is malformed (config.json too: line and column).
TrainerOutput readTrainerOutput(const std::filesystem::path& folder);

}  // namespace bb
