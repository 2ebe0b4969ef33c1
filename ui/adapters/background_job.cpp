#include "adapters/background_job.h"

#include <exception>

namespace bb::ui {

namespace {
// Often enough that a finished job reads as immediate, rarely enough to cost nothing.
constexpr std::chrono::milliseconds kJobPoll{50};
}  // namespace

BackgroundJob::BackgroundJob(QObject* parent)
    : QObject(parent), m_mailbox(kJobPoll, [this](std::vector<Outcome>&& outcomes) { deliver(std::move(outcomes)); }) {}

BackgroundJob::~BackgroundJob() = default;

bool BackgroundJob::start(Work work) {
    if (m_thread.joinable()) return false;
    m_thread = std::jthread([this, work = std::move(work)] {
        Outcome outcome;
        try {
            outcome = {true, work()};
        } catch (const std::exception& error) {
            outcome = {false, error.what()};
        } catch (...) {
            outcome = {false, "unknown error"};
        }
        m_mailbox.post(std::move(outcome));
    });
    m_mailbox.open();
    return true;
}

void BackgroundJob::deliver(std::vector<Outcome>&& outcomes) {
    m_mailbox.close();
    m_thread.join();
    // One job at a time, so one outcome.
    const Outcome& outcome = outcomes.back();
    emit finished(outcome.first, QString::fromStdString(outcome.second));
}

}  // namespace bb::ui
