#include "bridgebench/trainer_state.h"

#include "bridgebench/errors.h"
#include "formats/tfevents/lfs_pointer.h"
#include "formats/trainer/json_fields.h"
#include "formats/trainer/trainer_metrics_fields.h"
#include "util/file_contents.h"

namespace bb {
namespace {

TrainerLogKind kindOf(const trainer::JsonFields& fields, const std::map<std::string, double>& otherValues) {
    if (fields.contains("train_runtime")) {
        return TrainerLogKind::TrainSummary;
    }
    if (fields.contains("loss")) {
        return TrainerLogKind::Training;
    }
    for (const auto& [key, value] : otherValues) {
        if (key.starts_with("eval_")) {
            return TrainerLogKind::Evaluation;
        }
    }
    return TrainerLogKind::Other;
}

TrainerLogEntry logEntryOf(const trainer::JsonFields& fields) {
    TrainerLogEntry entry;
    entry.step = fields.integer("step");
    entry.epoch = fields.number("epoch");
    entry.loss = fields.number("loss");
    entry.gradNorm = fields.number("grad_norm");
    entry.learningRate = fields.number("learning_rate");
    entry.otherValues = fields.otherNumbers({"step", "epoch", "loss", "grad_norm", "learning_rate"});
    entry.kind = kindOf(fields, entry.otherValues);
    return entry;
}

}  // namespace

TrainerState readTrainerState(const std::filesystem::path& path) {
    // A clone without git-lfs holds a pointer in its place, which read as a JSON syntax error.
    if (const auto pointer = tfevents::gitLfsPointer(path)) throw InputError(path.string() + ": " + *pointer);
    return parseTrainerState(readFileContents(path), path.string());
}

TrainerState parseTrainerState(std::string_view contents, const std::string& fileName) {
    const nlohmann::json document = trainer::parseTrainerJson(contents, fileName);
    const trainer::JsonFields fields(document, fileName, "");

    TrainerState state;
    state.epoch = fields.number("epoch");
    state.globalStep = fields.integer("global_step");
    state.maxSteps = fields.integer("max_steps");
    state.numTrainEpochs = fields.number("num_train_epochs");
    state.loggingSteps = fields.integer("logging_steps");
    state.trainBatchSize = fields.integer("train_batch_size");
    state.totalFlos = fields.number("total_flos");
    state.bestMetric = fields.number("best_metric");
    state.bestModelCheckpoint = fields.string("best_model_checkpoint");

    const auto history = document.find("log_history");
    if (history == document.end() || history->is_null()) {
        return state;
    }
    if (!history->is_array()) {
        throw InputError(fileName + ": key \"log_history\": expected an array, found " + history->type_name());
    }
    for (std::size_t i = 0; i < history->size(); ++i) {
        const trainer::JsonFields entryFields((*history)[i], fileName, "log_history[" + std::to_string(i) + "]");
        state.logHistory.push_back(logEntryOf(entryFields));
        if (state.logHistory.back().kind == TrainerLogKind::TrainSummary) {
            state.trainMetrics = trainer::trainMetricsOf(entryFields);
        }
    }
    return state;
}

}  // namespace bb
