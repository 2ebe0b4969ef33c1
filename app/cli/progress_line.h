// The CLI's RunObserver: a live progress line on stderr when it is a terminal, nothing
// otherwise (logs and --json stay clean).
#pragma once

#include <chrono>
#include <mutex>

#include "bridgebench/run_observer.h"

namespace bb::cli {

class ProgressLine final : public RunObserver {
public:
    ProgressLine();
    void started(const RunStarted& info) override;
    void preparing(const RunPreparation& progress) override;
    void step(const StepMetrics& metrics) override;
    void finished(const RunOutcome& outcome) override;

private:
    bool m_live;
    std::int64_t m_totalSteps = 0;
    std::chrono::steady_clock::time_point m_lastDraw{};
};

}  // namespace bb::cli
