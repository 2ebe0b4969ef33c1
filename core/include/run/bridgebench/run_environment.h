// What a run records of where and how it ran, typed: the machine (an engine run's), a reference
// table's provenance, an import's files. Unknown is a state: a field its run did not record stays
// empty, never a value of this machine's or a default. Stored as JSON (the runs table's
// environment_json, docs/formats.md), read once where the store reads a row.
#pragma once

#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "bridgebench/run_origin.h"

namespace bb {

// One rank of a data-parallel run, as it reported itself when it joined.
struct RankEnvironment {
    std::string host;  // empty where unsaid
    nlohmann::json facts = nlohmann::json::object();  // the rest (rank, pid, device, threads), shown as stored
};

struct RunEnvironment {
    // Declared so that it is no aggregate: braces of JSON ({{"gpu_name", "…"}}) once initialised
    // its first string from a pair of pointers. Read JSON with .get<RunEnvironment>().
    RunEnvironment() = default;

    // The machine.
    std::string hostname;
    std::string cpuModel;
    std::optional<int> logicalCores;
    std::optional<int> intraOpThreads;
    // With threads=0, the count the engine would have taken on free cores where it took fewer.
    std::optional<int> intraOpThreadsInsteadOf;
    std::optional<double> loadAverage1m;  // as the run started
    std::string gpuName;
    std::vector<RankEnvironment> ranks;  // data parallel only

    // A reference table's: its date, the software it ran, where it was published or measured,
    // and the peer that measured it (empty where BridgeBench's engine did) with what the peer ran.
    std::string date;
    std::string software;
    std::string source;
    std::string measuredWith;
    std::string peerConfiguration;

    // An import's: the format and the files it read, the figures they state as they state them
    // (train_samples_per_second, total_flos, ...), and the step fields a CSV file had.
    std::optional<ImportFormat> importFormat;
    std::string importedFrom;
    nlohmann::json reported = nlohmann::json::object();
    std::optional<std::vector<std::string>> measuredStepFields;
    // Where each setting the import states came from: setting → a file and key, or the option
    // the user gave ("model" → "config.json (architectures)", "batch_size" → "--batch-size").
    std::map<std::string, std::string> provenance;
    // The settings an import inferred from other figures rather than read ("device_count" from the
    // global batch over the per-device one): shown as inferred wherever they are shown.
    std::set<std::string> inferred;

    // Everything else, as stored: shown, never interpreted.
    nlohmann::json facts = nlohmann::json::object();

    std::optional<double> reportedNumber(const char* key) const;
};

// A JSON object's keys of the fields above are read into them (a value of the wrong type is kept
// in facts, as stored, and read as unknown); every other key goes into facts.
void from_json(const nlohmann::json& json, RunEnvironment& environment);
void to_json(nlohmann::json& json, const RunEnvironment& environment);

// The machine a CPU run ran on, for the GEMM peak measured there ("host · cpu · N logical
// cores"); empty where the run does not say all three.
std::string machineIdentity(const RunEnvironment& environment);

}  // namespace bb
