// A run as every layer sees it: where it came from, how it was configured and ran, and what it
// measured, each typed, unknown where nothing says (never 0). The store reads and writes it
// (result_store.h); analysis, formats, reports and the front ends take it from there.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "bridgebench/machine_peak.h"
#include "bridgebench/run_environment.h"
#include "bridgebench/run_origin.h"
#include "bridgebench/run_settings.h"
#include "bridgebench/run_status.h"
#include "bridgebench/run_summary.h"

namespace bb {

struct RunRecord {
    std::int64_t id = 0;
    std::string uuid;
    std::string name;
    RunOrigin origin = RunOrigin::Engine;
    RunStatus status = RunStatus::Running;
    std::string error;
    std::string deviceKind;        // cpu | cuda | hpu
    std::string deviceName;
    // Unknown where an import's files do not say and nothing they hold gives it (the column holds
    // 0 for unknown); an import may infer it (RunEnvironment::inferred says so).
    std::optional<std::int64_t> deviceCount = 1;
    std::string model;
    std::string precision;
    // Unknown where a run's files do not say (an import's): never 0 or "off" in their place.
    // The store reads them so (result_store.cpp: the columns hold 0 for unknown).
    std::optional<std::int64_t> batchSize;
    std::optional<std::int64_t> workers;
    std::optional<bool> deviceTransforms;
    RunSettings config;
    RunEnvironment environment;
    RunSummary summary;
    std::int64_t studyId = 0;  // 0: not part of a study
    std::string createdAt;     // ISO 8601 UTC
    std::string finishedAt;    // empty while running
    // Stored values this build could not read, each named and quoted: left out of the fields
    // above and kept as they are in the file.
    std::vector<std::string> unreadable;
    // A local CPU run's: the peaks stored for the machine it ran on (machine_peak.h), filled in
    // as the run is read; not a column of the run (the machine's, shared by all its runs).
    std::vector<MachinePeak> machinePeaks;
};

// A group of runs: a sweep, a reference table, or an import.
struct StudyRecord {
    std::int64_t id = 0;
    std::string uuid;
    std::string name;
    std::string kind = "sweep";  // sweep | reference | import
    nlohmann::json config = nlohmann::json::object();
    std::string createdAt;
};

}  // namespace bb
