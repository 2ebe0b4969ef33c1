#include "bridgebench/run_settings.h"

#include <limits>

namespace bb {

namespace {

template <typename T>
void takeCount(nlohmann::json& rest, const char* key, std::optional<T>& field) {
    const auto found = rest.find(key);
    if (found == rest.end() || !found->is_number_integer()) return;
    const auto value = found->get<std::int64_t>();
    if (value < 0 || value > static_cast<std::int64_t>(std::numeric_limits<T>::max())) return;
    field = static_cast<T>(value);
    rest.erase(found);
}

template <typename T>
void putSetting(nlohmann::json& json, const char* key, const std::optional<T>& value) {
    if (value) json[key] = *value;
}

}  // namespace

void from_json(const nlohmann::json& json, RunSettings& settings) {
    settings = {};
    if (!json.is_object()) return;
    nlohmann::json rest = json;
    takeCount(rest, "warmup_steps", settings.warmupSteps);
    takeCount(rest, "threads", settings.threads);
    takeCount(rest, "image_size", settings.imageSizePx);
    takeCount(rest, "text_length", settings.textLength);
    takeCount(rest, "max_seq_length", settings.maxSeqLength);
    takeCount(rest, "profile_steps", settings.profileSteps);
    if (const auto model = rest.find("model_config"); model != rest.end() && model->is_object()) {
        settings.modelConfig = std::move(*model);
        rest.erase(model);
    }
    if (const auto note = rest.find("note"); note != rest.end() && note->is_string()) {
        settings.note = note->get<std::string>();
        rest.erase(note);
    }
    settings.facts = std::move(rest);
}

void to_json(nlohmann::json& json, const RunSettings& settings) {
    json = settings.facts.is_object() ? settings.facts : nlohmann::json::object();
    putSetting(json, "warmup_steps", settings.warmupSteps);
    putSetting(json, "threads", settings.threads);
    putSetting(json, "image_size", settings.imageSizePx);
    putSetting(json, "text_length", settings.textLength);
    putSetting(json, "max_seq_length", settings.maxSeqLength);
    putSetting(json, "profile_steps", settings.profileSteps);
    if (settings.modelConfig.is_object()) json["model_config"] = settings.modelConfig;
    if (settings.note) json["note"] = *settings.note;
}

}  // namespace bb
