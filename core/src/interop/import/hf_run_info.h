// What Hugging Face's Trainer says about a run besides its scalars: TensorBoardCallback writes
// the TrainingArguments JSON as the text summary "args" and the model's config.json as
// "model_config"; a Trainer output folder keeps config.json itself.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "bridgebench/text_event.h"

namespace bb {

struct HfRunInfo {
    std::optional<std::int64_t> perDeviceBatch;    // per_device_train_batch_size
    std::optional<std::int64_t> gradAccumulation;  // gradient_accumulation_steps
    std::optional<std::int64_t> workers;           // dataloader_num_workers
    std::optional<std::int64_t> loggingSteps;
    std::optional<std::string> precision;          // bf16 | fp16 | fp32, from the bf16 / fp16 flags
    bool habana = false;                           // use_habana (Optimum Habana's GaudiTrainingArguments)
    std::string argsSource;                        // "FILE: args text summary"; empty without args
    std::optional<std::string> model;              // model_config's _name_or_path, else its architecture
    std::string modelKey = "_name_or_path";        // which of the two named it
    nlohmann::json modelConfig;                    // the config.json object; null without one
    std::string modelSource;                       // where it came from
    std::vector<std::string> warnings;
};

// Reads the last "args/text_summary" and "model_config/text_summary" of `texts` (a resumed run
// writes them again). `file` names the events file in messages. Text that is not a JSON object
// is left out with a warning (someone else's "args" note); a known key of the wrong type throws
// InputError naming the file, the summary and the key.
void readHfTextSummaries(const std::vector<TextEvent>& texts, const std::string& file, HfRunInfo& info);

// A config.json (a Trainer folder's own, or the model_config summary): its _name_or_path names
// the model. Throws InputError naming the file for JSON that is not an object.
void readHfModelConfig(const nlohmann::json& config, const std::string& source, HfRunInfo& info);

}  // namespace bb
