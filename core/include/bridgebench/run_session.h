// One run from start to stored result: validates the config, creates the run's row, trains on
// a background thread, streams steps to the store through a StepWriter, and records the
// outcome. The GUI and the CLI both drive runs through this class.
#pragma once

#include <cstdint>
#include <filesystem>
#include <memory>
#include <string>

#include "bridgebench/run_config.h"
#include "bridgebench/run_observer.h"

namespace bb {

class RunSession {
public:
    // Throws ConfigError (invalid config) or StoreError before anything starts. The observer
    // must outlive the session; it is called from engine threads (see RunObserver).
    // studyId > 0 files the run under that study.
    RunSession(const std::filesystem::path& dbFile, RunConfig config, RunObserver& observer,
               std::int64_t studyId = 0);
    ~RunSession();  // cancels and joins
    RunSession(const RunSession&) = delete;
    RunSession& operator=(const RunSession&) = delete;

    std::int64_t runId() const;
    // The resolved name (generated when the config had none).
    const std::string& name() const;
    void start();
    // Thread-safe; honoured within one step.
    void cancel();
    void pause();
    void resume();
    // Blocks until finished() was delivered; returns the outcome.
    RunOutcome wait();

private:
    struct Impl;
    std::unique_ptr<Impl> m_impl;
};

}  // namespace bb
