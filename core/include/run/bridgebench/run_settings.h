// What a stored run says of how it was configured, typed where the analysis reads it: the
// engine's runs store their whole RunConfig (run_config.h), an import the settings its files
// state. A setting a run does not state stays empty, never this build's default. Stored as JSON
// (the runs table's config_json), read once where the store reads a row.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include <nlohmann/json.hpp>

namespace bb {

struct RunSettings {
    // Declared so that it is no aggregate: read JSON with .get<RunSettings>().
    RunSettings() = default;

    std::optional<std::int64_t> warmupSteps;
    std::optional<int> threads;  // compute threads as configured; 0: the engine chose
    std::optional<std::int64_t> imageSizePx;
    std::optional<std::int64_t> textLength;    // tokens per caption, as the engine names it
    std::optional<std::int64_t> maxSeqLength;  // an import's max_seq_length
    std::optional<std::int64_t> profileSteps;
    // A Hugging Face config.json an import read, as it was (the FLOP count's architecture); null
    // where none.
    nlohmann::json modelConfig;
    // What the run's configuration adds to its name ("media pipeline"); empty where none.
    std::optional<std::string> note;
    std::string noteText() const { return note.value_or(std::string()); }

    // Everything else, as stored: shown, never interpreted here.
    nlohmann::json facts = nlohmann::json::object();

    bool states(const char* key) const { return facts.is_object() && facts.contains(key); }
};

// A key of a field above whose value has another type is kept in facts, as stored.
void from_json(const nlohmann::json& json, RunSettings& settings);
void to_json(nlohmann::json& json, const RunSettings& settings);

}  // namespace bb
