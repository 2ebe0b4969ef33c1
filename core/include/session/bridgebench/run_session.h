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

class DistributedRun;

// Data parallel, before a session: validates the config, then joins the world that this
// process's environment (torchrun, Slurm) or the config (devices > 1: the other ranks are
// started here) describes, adjusting config to this rank. nullptr for a one-process run.
// Blocks up to ddp_timeout_s. Throws ConfigError naming the variable, address or key: a
// missing variable, a port in use, an unreachable MASTER_ADDR, ranks that disagree.
std::shared_ptr<DistributedRun> joinDataParallel(RunConfig& config);
int dataParallelRank(const DistributedRun& run);

class RunSession {
public:
    // Throws ConfigError (invalid config) or StoreError before anything starts. The observer
    // must outlive the session; it is called from engine threads (see RunObserver).
    // studyId > 0 files the run under that study.
    // Data parallel: `distributed` is the world this process (rank 0) already joined (the CLI
    // joins first, so that a bad launch is an error before any row exists). Without it, a
    // config with devices > 1 starts and joins its ranks on the session's thread (the GUI).
    RunSession(const std::filesystem::path& dbFile, RunConfig config, RunObserver& observer,
               std::int64_t studyId = 0, std::shared_ptr<DistributedRun> distributed = nullptr);
    ~RunSession();  // cancels and joins
    RunSession(const RunSession&) = delete;
    RunSession& operator=(const RunSession&) = delete;

    // 0 on data-parallel ranks other than 0, which store nothing.
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
