// Which BridgeTower architecture a run's `model` field names, so that any run naming its model
// (a preset, a Hugging Face model id, a config.json stored with the run or on disk) gets the
// engine's analytical FLOPs count. Plain values, no torch.
#pragma once

#include <optional>
#include <string>

#include <nlohmann/json_fwd.hpp>

#include "bridgebench/bridgetower_config.h"

namespace bb {

struct ResolvedModel {
    BridgeTowerConfig config;
    std::string preset;  // "large" when the architecture is a preset's; empty otherwise
    std::string source;  // in words: "preset large", "Hugging Face id …: the large preset's architecture"
};

// In order: a config.json stored with the run (`storedConfig`, an object; the run's own figures
// win over any name), a preset name, a Hugging Face BridgeTower id ("BridgeTower/bridgetower-
// large-itm-mlm-itc", "…/bridgetower-base", with or without the owner), a path to a readable
// config.json. nullopt when none applies (mini-clip, an unknown id, a file not on this machine,
// a config that does not parse); never throws for such input.
std::optional<ResolvedModel> resolveBridgeTowerModel(const std::string& model, const nlohmann::json& storedConfig);

}  // namespace bb
