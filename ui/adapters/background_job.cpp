#include "adapters/background_job.h"

#include <exception>

namespace bb::ui {

namespace {
// Often enough that a finished job reads as immediate, rarely enough to cost nothing.
constexpr int kJobPollMs = 50;
}  // namespace

BackgroundJob::BackgroundJob(QObject* parent) : QObject(parent) {
    m_poll.setInterval(kJobPollMs);
    connect(&m_poll, &QTimer::timeout, this, &BackgroundJob::poll);
}

BackgroundJob::~BackgroundJob() {
    if (m_thread.joinable()) m_thread.join();
}

bool BackgroundJob::start(Work work) {
    if (m_thread.joinable()) return false;
    m_thread = std::thread([this, work = std::move(work)] {
        std::pair<bool, std::string> outcome;
        try {
            outcome = {true, work()};
        } catch (const std::exception& error) {
            outcome = {false, error.what()};
        } catch (...) {
            outcome = {false, "unknown error"};
        }
        const std::lock_guard lock(m_mutex);
        m_outcome = std::move(outcome);
    });
    m_poll.start();
    return true;
}

void BackgroundJob::poll() {
    std::optional<std::pair<bool, std::string>> outcome;
    {
        const std::lock_guard lock(m_mutex);
        outcome.swap(m_outcome);
    }
    if (!outcome) return;
    m_poll.stop();
    m_thread.join();
    emit finished(outcome->first, QString::fromStdString(outcome->second));
}

}  // namespace bb::ui
