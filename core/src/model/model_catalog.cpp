#include "bridgebench/model_catalog.h"

#include <algorithm>
#include <cctype>
#include <filesystem>

#include <nlohmann/json.hpp>

#include "bridgebench/errors.h"

namespace bb {

namespace {

std::string lowered(std::string text) {
    std::transform(text.begin(), text.end(), text.begin(), [](unsigned char c) { return std::tolower(c); });
    return text;
}

// The published checkpoints share two architectures: every bridgetower-large-* (itm-mlm,
// itm-mlm-itc, itm-mlm-gaudi) is the large preset's trunk and every bridgetower-base-* the
// base preset's; their heads differ, and the FLOPs count is the contrastive model's, which the
// study fine-tuned (run_bridgetower.py builds BridgeTowerForContrastiveLearning).
std::string presetOfHubId(const std::string& model) {
    std::string name = lowered(model);
    if (const auto slash = name.rfind('/'); slash != std::string::npos) name = name.substr(slash + 1);
    if (name.starts_with("bridgetower-large")) return "large";
    if (name.starts_with("bridgetower-base")) return "base";
    return {};
}

// Whether a config.json is a BridgeTower's: its model_type, or an architecture of that name.
// BridgeTowerConfig has a default for every field, so any object parses as one: a T5's config.json
// imported with a Trainer folder was counted as a 420-GFLOP BridgeTower.
bool namesBridgeTower(const nlohmann::json& config) {
    if (const auto type = config.find("model_type"); type != config.end() && type->is_string())
        return lowered(type->get<std::string>()) == "bridgetower";
    if (const auto architectures = config.find("architectures"); architectures != config.end() && architectures->is_array())
        for (const auto& name : *architectures)
            if (name.is_string() && name.get<std::string>().starts_with("BridgeTower")) return true;
    return false;
}

}  // namespace

std::optional<ResolvedModel> resolveBridgeTowerModel(const std::string& model, const nlohmann::json& storedConfig) {
    if (storedConfig.is_object() && !storedConfig.empty() && namesBridgeTower(storedConfig)) {
        try {
            return ResolvedModel{parseBridgeTowerConfig(storedConfig.dump(), "the run's stored model_config"), {},
                                 "the config.json stored with the run"};
        } catch (const Error&) {
            // Not a BridgeTower config (another model's config.json): fall through to the name.
        }
    }
    const auto presets = bridgeTowerPresetNames();
    if (std::find(presets.begin(), presets.end(), model) != presets.end())
        return ResolvedModel{bridgeTowerPreset(model), model, "preset " + model};
    if (const auto preset = presetOfHubId(model); !preset.empty())
        return ResolvedModel{bridgeTowerPreset(preset), preset,
                             "Hugging Face id " + model + ": the " + preset + " preset's architecture"};
    std::error_code error;
    if (!model.empty() && model.ends_with(".json") && std::filesystem::is_regular_file(model, error)) {
        try {
            return ResolvedModel{loadBridgeTowerConfig(model), {}, model};
        } catch (const Error&) {
            return std::nullopt;
        }
    }
    return std::nullopt;
}

}  // namespace bb
