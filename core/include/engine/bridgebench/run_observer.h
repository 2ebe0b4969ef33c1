// How the engine reports a run. The CLI prints from it, the store records from it, the GUI
// wraps it in one QObject adapter (ui/adapters/engine_bridge.h).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "bridgebench/note.h"
#include "bridgebench/run_status.h"
#include "bridgebench/run_summary.h"
#include "bridgebench/step_metrics.h"
#include "bridgebench/timeline.h"

namespace bb {

struct RunStarted {
    std::int64_t runId = 0;     // row id in the store; 0 when the run is not stored
    std::string uuid;
    std::string name;
    std::int64_t totalSteps = 0;
    nlohmann::json resolvedConfig;
    // What the user should know before the first step: other processes holding the cores the
    // run's compute threads need (engine/core_contention.h).
    std::vector<Note> warnings;
};

// Work before the first step that takes long enough to show (generating the synthetic dataset
// the first time). total 0: unknown.
struct RunPreparation {
    std::string stage;  // "generating synthetic dataset"
    std::int64_t done = 0;
    std::int64_t total = 0;
};

struct RunOutcome {
    RunStatus status = RunStatus::Completed;  // Completed, Cancelled or Failed
    std::string error;                        // set when Failed
    RunSummary summary;
};

// Contract: started() comes first, then any preparing() calls, then step() once per finished
// step in order, with timeline() calls between them (each step's spans after its step(); with
// data parallel the other ranks' spans once after the last step), then
// finished() exactly once, last (also after a failure before the first step). Calls come
// from engine threads, never the caller's; they must be cheap, must not block and must not
// throw. A run that fails validation never starts and calls nothing.
class RunObserver {
public:
    virtual ~RunObserver() = default;
    virtual void started(const RunStarted& /*info*/) {}
    virtual void preparing(const RunPreparation& /*progress*/) {}
    virtual void step(const StepMetrics& metrics) = 0;
    virtual void timeline(const std::vector<TimelineSpan>& /*spans*/) {}
    virtual void finished(const RunOutcome& outcome) = 0;
};

}  // namespace bb
