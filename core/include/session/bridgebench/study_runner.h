// Runs a study's grid one point after another, each as a stored RunSession filed under the
// study. Resumable: a point that already completed in the same study is not run again.
#pragma once

#include <cstdint>
#include <filesystem>
#include <memory>
#include <vector>

#include "bridgebench/run_record.h"
#include "bridgebench/run_observer.h"
#include "bridgebench/study_config.h"

namespace bb {

// Called on the thread that runs the study, between runs.
class StudyProgress {
public:
    virtual ~StudyProgress() = default;
    virtual void pointStarting(std::size_t /*index*/, std::size_t /*total*/, const RunConfig& /*config*/) {}
    virtual void pointSkipped(std::size_t /*index*/, std::size_t /*total*/, const RunRecord& /*done*/) {}
    virtual void pointFinished(std::size_t /*index*/, std::size_t /*total*/, std::int64_t /*runId*/,
                               const RunOutcome& /*outcome*/) {}
};

struct StudyOutcome {
    std::int64_t studyId = 0;
    std::vector<std::int64_t> runIds;  // every point's run, skipped ones included, grid order
    int completed = 0;
    int skipped = 0;
    int failed = 0;
    bool cancelled = false;
};

class StudyRunner {
public:
    // Expands and validates the grid (ConfigError) before anything is stored.
    StudyRunner(const std::filesystem::path& dbFile, StudyConfig study, RunObserver& stepObserver,
                StudyProgress& progress);
    ~StudyRunner();
    StudyRunner(const StudyRunner&) = delete;
    StudyRunner& operator=(const StudyRunner&) = delete;

    // Blocks until every point ran, was skipped, or the study was cancelled.
    StudyOutcome run();
    // Thread-safe: cancels the current run and stops before the next.
    void cancel();

private:
    struct Impl;
    std::unique_ptr<Impl> m_impl;
};

}  // namespace bb
