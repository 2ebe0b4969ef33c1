#include "support/recording_observer.h"

namespace bb::test {

void RecordingObserver::started(const RunStarted& info) {
    std::lock_guard lock(m_mutex);
    if (m_started > 0 || !m_steps.empty() || m_finished > 0) m_violations.push_back("started() not first");
    ++m_started;
    m_startWarnings.clear();
    for (const auto& warning : info.warnings) m_startWarnings.push_back(warning.text);
}

void RecordingObserver::preparing(const RunPreparation& progress) {
    std::lock_guard lock(m_mutex);
    if (m_started == 0) m_violations.push_back("preparing() before started()");
    if (!m_steps.empty() || m_finished > 0) m_violations.push_back("preparing() after the first step");
    m_preparations.push_back(progress);
}

std::vector<RunPreparation> RecordingObserver::preparations() const {
    std::lock_guard lock(m_mutex);
    return m_preparations;
}

void RecordingObserver::step(const StepMetrics& metrics) {
    {
        std::lock_guard lock(m_mutex);
        if (m_finished > 0) m_violations.push_back("step() after finished()");
        if (m_started == 0) m_violations.push_back("step() before started()");
        if (!m_steps.empty() && metrics.step != m_steps.back().step + 1) m_violations.push_back("steps out of order");
        m_steps.push_back(metrics);
    }
    m_changed.notify_all();
}

void RecordingObserver::finished(const RunOutcome& outcome) {
    {
        std::lock_guard lock(m_mutex);
        if (m_finished > 0) m_violations.push_back("finished() twice");
        ++m_finished;
        m_outcome = outcome;
    }
    m_changed.notify_all();
}

bool RecordingObserver::waitForSteps(std::size_t count, std::chrono::seconds timeout) {
    std::unique_lock lock(m_mutex);
    return m_changed.wait_for(lock, timeout, [&] { return m_steps.size() >= count || m_finished > 0; }) &&
           m_steps.size() >= count;
}

std::optional<RunOutcome> RecordingObserver::waitFinished(std::chrono::seconds timeout) {
    std::unique_lock lock(m_mutex);
    m_changed.wait_for(lock, timeout, [&] { return m_finished > 0; });
    return m_outcome;
}

std::vector<StepMetrics> RecordingObserver::steps() const {
    std::lock_guard lock(m_mutex);
    return m_steps;
}
int RecordingObserver::startedCalls() const {
    std::lock_guard lock(m_mutex);
    return m_started;
}
std::vector<std::string> RecordingObserver::startWarnings() const {
    std::lock_guard lock(m_mutex);
    return m_startWarnings;
}
int RecordingObserver::finishedCalls() const {
    std::lock_guard lock(m_mutex);
    return m_finished;
}
std::vector<std::string> RecordingObserver::contractViolations() const {
    std::lock_guard lock(m_mutex);
    return m_violations;
}

}  // namespace bb::test
