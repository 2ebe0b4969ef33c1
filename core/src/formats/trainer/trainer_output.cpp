#include "bridgebench/trainer_output.h"

#include <charconv>
#include <vector>

#include "bridgebench/errors.h"
#include "formats/trainer/json_fields.h"

namespace bb {
namespace {

bool isFile(const std::filesystem::path& path) {
    std::error_code error;
    return std::filesystem::is_regular_file(path, error);
}

// The step number of a "checkpoint-<step>" folder name.
std::optional<long long> checkpointStep(const std::filesystem::path& folder) {
    const std::string name = folder.filename().string();
    constexpr std::string_view kPrefix = "checkpoint-";
    if (!name.starts_with(kPrefix)) {
        return std::nullopt;
    }
    long long step = 0;
    const char* begin = name.data() + kPrefix.size();
    const char* end = name.data() + name.size();
    const auto [next, error] = std::from_chars(begin, end, step);
    if (error != std::errc() || next != end || begin == end) {
        return std::nullopt;
    }
    return step;
}

std::optional<std::filesystem::path> findTrainerState(const std::filesystem::path& folder) {
    if (isFile(folder / "trainer_state.json")) {
        return folder / "trainer_state.json";
    }
    // A run stopped before train() returned saved its state only in checkpoints.
    std::optional<std::filesystem::path> latest;
    long long latestStep = -1;
    std::error_code error;
    for (std::filesystem::directory_iterator it(folder, error), end; !error && it != end; it.increment(error)) {
        const std::optional<long long> step = checkpointStep(it->path());
        if (step && *step > latestStep && isFile(it->path() / "trainer_state.json")) {
            latestStep = *step;
            latest = it->path() / "trainer_state.json";
        }
    }
    // push_to_hub's checkpoints (hub_strategy "checkpoint") go to last-checkpoint/ instead.
    if (!latest && isFile(folder / "last-checkpoint" / "trainer_state.json"))
        latest = folder / "last-checkpoint" / "trainer_state.json";
    return latest;
}

}  // namespace

TrainerOutput readTrainerOutput(const std::filesystem::path& folder) {
    std::error_code error;
    if (!std::filesystem::is_directory(folder, error)) {
        throw InputError(folder.string() + ": not a folder (a Hugging Face Trainer output folder was expected)");
    }
    TrainerOutput output;
    output.folder = folder;
    if (const std::optional<std::filesystem::path> statePath = findTrainerState(folder)) {
        output.statePath = *statePath;
        output.state = readTrainerState(*statePath);
    }
    for (const char* name : {"all_results.json", "train_results.json"}) {
        if (isFile(folder / name)) {
            output.resultsPath = folder / name;
            output.results = readTrainerResults(folder / name);
            break;
        }
    }
    // A folder holding only checkpoints has the model's config.json beside the state it is read from.
    std::vector<std::filesystem::path> configs{folder / "config.json"};
    if (!output.statePath.empty()) configs.push_back(output.statePath.parent_path() / "config.json");
    for (const auto& candidate : configs) {
        if (isFile(candidate)) {
            output.modelConfigPath = candidate;
            output.modelConfig = trainer::readTrainerJson(output.modelConfigPath);
            break;
        }
    }
    if (std::filesystem::is_directory(folder / "runs", error)) {
        output.eventFiles = readTfEvents(folder / "runs");
    }
    if (!output.state && !output.results && output.eventFiles.empty()) {
        throw InputError(folder.string() +
                         ": no trainer_state.json, all_results.json, train_results.json or runs/ event files in it");
    }
    return output;
}

}  // namespace bb
