#include "interop/import/hf_run_info.h"

#include <fmt/format.h>

#include "bridgebench/errors.h"
#include "formats/trainer/json_fields.h"
#include "util/json_text.h"

namespace bb {

namespace {

constexpr std::string_view kArgsTag = "args/text_summary";
constexpr std::string_view kModelConfigTag = "model_config/text_summary";

const TextEvent* lastOf(const std::vector<TextEvent>& texts, std::string_view tag) {
    const TextEvent* last = nullptr;
    for (const auto& text : texts)
        if (text.tag == tag) last = &text;
    return last;
}

std::optional<bool> flag(const nlohmann::json& args, const char* key, const std::string& source) {
    const auto found = args.find(key);
    if (found == args.end() || found->is_null()) return std::nullopt;
    if (!found->is_boolean()) throw InputError(fmt::format("{}: key \"{}\": expected true or false, got {}", source, key, found->dump()));
    return found->get<bool>();
}

void readArgs(const nlohmann::json& args, const std::string& source, HfRunInfo& info) {
    const trainer::JsonFields fields(args, source, "");
    info.perDeviceBatch = fields.integer("per_device_train_batch_size");
    info.gradAccumulation = fields.integer("gradient_accumulation_steps");
    info.workers = fields.integer("dataloader_num_workers");
    info.loggingSteps = fields.integer("logging_steps");
    info.habana = flag(args, "use_habana", source).value_or(false);
    const bool bf16 = flag(args, "bf16", source).value_or(false);
    const bool fp16 = flag(args, "fp16", source).value_or(false);
    // On Gaudi, mixed precision is usually switched on by the Gaudi config (use_torch_autocast),
    // which args do not hold: neither flag there leaves the precision unknown, not fp32.
    if (bf16) info.precision = "bf16";
    else if (fp16) info.precision = "fp16";
    else if (!info.habana && (args.contains("bf16") || args.contains("fp16"))) info.precision = "fp32";
    info.argsSource = source;
}

std::optional<nlohmann::json> parseObject(const TextEvent& text, const std::string& source, HfRunInfo& info) {
    JsonTextError error;
    auto json = parseJsonText(text.text, error);
    if (json && json->is_object()) return json;
    info.warnings.push_back(fmt::format("{}: not a JSON object{}; not read as Hugging Face's", source,
                                        json ? std::string() : " (" + error.reason + ")"));
    return std::nullopt;
}

}  // namespace

void readHfModelConfig(const nlohmann::json& config, const std::string& source, HfRunInfo& info) {
    if (!config.is_object()) throw InputError(source + ": expected a JSON object (a model's config.json)");
    const trainer::JsonFields fields(config, source, "");
    info.model = fields.string("_name_or_path");
    if (info.model && info.model->empty()) info.model.reset();
    info.modelKey = "_name_or_path";
    // A model trained from its own config (no checkpoint path) still says what it is: a T5 run's
    // model was blank although its config.json names T5ForConditionalGeneration.
    if (!info.model)
        if (const auto architectures = config.find("architectures");
            architectures != config.end() && architectures->is_array() && !architectures->empty() &&
            architectures->front().is_string() && !architectures->front().get<std::string>().empty()) {
            info.model = architectures->front().get<std::string>();
            info.modelKey = "architectures";
        }
    info.modelConfig = config;
    info.modelSource = source;
}

void readHfTextSummaries(const std::vector<TextEvent>& texts, const std::string& file, HfRunInfo& info) {
    if (const auto* args = lastOf(texts, kArgsTag)) {
        const std::string source = fmt::format("{}: text summary \"args\"", file);
        if (const auto json = parseObject(*args, source, info)) readArgs(*json, source, info);
    }
    if (const auto* config = lastOf(texts, kModelConfigTag)) {
        const std::string source = fmt::format("{}: text summary \"model_config\"", file);
        if (const auto json = parseObject(*config, source, info)) readHfModelConfig(*json, source, info);
    }
}

}  // namespace bb
