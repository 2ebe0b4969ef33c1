// Records what the engine reported, for tests; waitFinished() blocks on a condition variable
// until finished() arrived (bounded, never a fixed sleep).
#pragma once

#include <chrono>
#include <condition_variable>
#include <mutex>
#include <optional>
#include <vector>

#include "bridgebench/run_observer.h"

namespace bb::test {

class RecordingObserver : public RunObserver {
public:
    void started(const RunStarted& info) override;
    void preparing(const RunPreparation& progress) override;
    void step(const StepMetrics& metrics) override;
    void finished(const RunOutcome& outcome) override;

    // Blocks until at least `count` steps arrived (or finished()); false on timeout.
    bool waitForSteps(std::size_t count, std::chrono::seconds timeout = std::chrono::seconds(120));
    std::optional<RunOutcome> waitFinished(std::chrono::seconds timeout = std::chrono::seconds(120));

    std::vector<StepMetrics> steps() const;
    int startedCalls() const;
    std::vector<std::string> startWarnings() const;
    int finishedCalls() const;
    std::vector<RunPreparation> preparations() const;
    // Order violations seen (a step after finished(), started() not first...).
    std::vector<std::string> contractViolations() const;

private:
    mutable std::mutex m_mutex;
    std::condition_variable m_changed;
    std::vector<StepMetrics> m_steps;
    std::vector<RunPreparation> m_preparations;
    std::optional<RunOutcome> m_outcome;
    int m_started = 0;
    std::vector<std::string> m_startWarnings;
    int m_finished = 0;
    std::vector<std::string> m_violations;
};

}  // namespace bb::test
