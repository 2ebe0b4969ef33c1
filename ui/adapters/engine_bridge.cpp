#include "adapters/engine_bridge.h"

#include "bridgebench/run_session.h"
#include "bridgebench/study_runner.h"
#include "models/note_text.h"

namespace bb::ui {

namespace {
constexpr std::chrono::milliseconds kDrainInterval{40};
}

// StudyRunner's progress, into the mailbox like the runs' own.
class EngineBridge::SweepProgress final : public StudyProgress {
public:
    explicit SweepProgress(EngineBridge& bridge) : m_bridge(bridge) {}
    void pointStarting(std::size_t index, std::size_t total, const RunConfig& config) override {
        m_bridge.post(SweepPointStarting{static_cast<int>(index), static_cast<int>(total), config.name});
    }

private:
    EngineBridge& m_bridge;
};

EngineBridge::EngineBridge(QObject* parent)
    : QObject(parent),
      m_mailbox(
          kDrainInterval, [this](std::vector<Notice>&& notices) { deliver(std::move(notices)); },
          // Only the latest preparation counts: a thousand images need not become a thousand signals.
          [](const Notice& last, const Notice& next) {
              return std::holds_alternative<RunPreparation>(last) && std::holds_alternative<RunPreparation>(next);
          }) {
    qRegisterMetaType<bb::StepMetrics>();
    qRegisterMetaType<QVector<bb::StepMetrics>>();
}

EngineBridge::~EngineBridge() {
    {
        std::lock_guard lock(m_sessionMutex);
        if (m_study) m_study->cancel();
        m_cancelBeforeStart = true;
    }
    if (m_studyThread.joinable()) m_studyThread.join();
    m_cancelBeforeStart = true;
    if (m_launcher.joinable()) m_launcher.join();  // the checks under way end; the run is then cancelled
    if (m_session) {
        m_session->cancel();
        m_session->wait();
    }
}

void EngineBridge::startRun(const QString& dbFile, const RunConfig& config) {
    if (m_running) return;
    // The previous launch and the previous session's thread have finished (runFinished or
    // runRefused was delivered): joining both is immediate.
    if (m_launcher.joinable()) m_launcher.join();
    m_session.reset();
    m_cancelBeforeStart = false;
    m_running = true;
    m_mailbox.open();
    m_launcher = std::jthread([this, file = dbFile.toStdString(), config] {
        // Nothing throws out of a thread: a refusal is a notice, as the run's own end is.
        try {
            auto session = std::make_unique<RunSession>(file, config, static_cast<RunObserver&>(*this));
            std::lock_guard lock(m_sessionMutex);
            m_session = std::move(session);
            m_session->start();
            if (m_cancelBeforeStart) m_session->cancel();
        } catch (const std::exception& error) {
            post(RunRefused{error.what()});
        }
    });
}

void EngineBridge::startSweep(const QString& dbFile, const StudyConfig& study) {
    if (m_running) return;
    if (m_launcher.joinable()) m_launcher.join();
    m_session.reset();
    if (m_studyThread.joinable()) m_studyThread.join();  // the previous sweep has ended
    m_study.reset();
    m_sweepProgress = std::make_unique<SweepProgress>(*this);
    m_cancelBeforeStart = false;
    m_running = true;
    m_sweeping = true;
    m_mailbox.open();
    // The grid's points are checked as the runner is made, on the sweep's thread like the runs.
    m_studyThread = std::jthread([this, file = dbFile.toStdString(), study] {
        StudyOutcome outcome;
        std::string error;
        try {
            auto runner = std::make_unique<StudyRunner>(file, study, static_cast<RunObserver&>(*this), *m_sweepProgress);
            StudyRunner* running = nullptr;
            {
                std::lock_guard lock(m_sessionMutex);
                m_study = std::move(runner);
                running = m_study.get();
                if (m_cancelBeforeStart) running->cancel();
            }
            outcome = running->run();
        } catch (const std::exception& failure) {
            error = failure.what();  // a grid point refused, or the store could not be opened: no run started
        }
        post(SweepEnded{outcome.studyId, outcome.runIds, outcome.cancelled, error});
    });
}

void EngineBridge::cancel() {
    std::lock_guard lock(m_sessionMutex);
    if (m_sweeping) {
        if (m_study)
            m_study->cancel();
        else
            m_cancelBeforeStart = true;  // the runner is still being made: cancelled as it starts
        return;
    }
    if (m_session)
        m_session->cancel();
    else if (m_running)
        m_cancelBeforeStart = true;  // the session is still being made: cancelled as it starts
}
void EngineBridge::pause() {
    std::lock_guard lock(m_sessionMutex);
    if (m_session && !m_sweeping) m_session->pause();
}
void EngineBridge::resume() {
    std::lock_guard lock(m_sessionMutex);
    if (m_session && !m_sweeping) m_session->resume();
}

void EngineBridge::started(const RunStarted& info) {
    m_currentRunId = info.runId;
    post(RunBegan{info.runId, info.name, info.totalSteps, info.warnings});
}

void EngineBridge::preparing(const RunPreparation& progress) { post(progress); }

void EngineBridge::step(const StepMetrics& metrics) { post(metrics); }

void EngineBridge::timeline(const std::vector<TimelineSpan>& spans) { post(spans); }

void EngineBridge::finished(const RunOutcome& outcome) {
    post(RunEnded{m_currentRunId.load(), std::string(toString(outcome.status)), outcome.error, outcome.summary});
}

void EngineBridge::post(Notice notice) { m_mailbox.post(std::move(notice)); }

void EngineBridge::deliver(std::vector<Notice>&& notices) {
    QVector<StepMetrics> steps;
    std::vector<TimelineSpan> spans;
    const auto flushSteps = [&] {
        if (!steps.isEmpty()) emit stepsArrived(steps);
        if (!spans.empty()) emit spansArrived(spans);
        steps.clear();
        spans.clear();
    };
    for (const Notice& notice : notices) {
        if (const auto* metrics = std::get_if<StepMetrics>(&notice)) {
            steps.push_back(*metrics);
            continue;
        }
        if (const auto* taken = std::get_if<std::vector<TimelineSpan>>(&notice)) {
            spans.insert(spans.end(), taken->begin(), taken->end());
            continue;
        }
        flushSteps();
        if (const auto* began = std::get_if<RunBegan>(&notice)) {
            deliver(*began);
        } else if (const auto* preparation = std::get_if<RunPreparation>(&notice)) {
            emit preparationProgress(QString::fromStdString(preparation->stage), preparation->done, preparation->total);
        } else if (const auto* ended = std::get_if<RunEnded>(&notice)) {
            deliver(*ended);
        } else if (const auto* refused = std::get_if<RunRefused>(&notice)) {
            deliver(*refused);
        } else if (const auto* point = std::get_if<SweepPointStarting>(&notice)) {
            emit sweepProgress(point->index, point->total, QString::fromStdString(point->name));
        } else if (const auto* sweep = std::get_if<SweepEnded>(&notice)) {
            deliver(*sweep);
        }
    }
    flushSteps();
}

void EngineBridge::deliver(const RunBegan& notice) {
    m_runId = notice.runId;
    emit runStarted(notice.runId, QString::fromStdString(notice.name), notice.totalSteps);
    for (const auto& warning : notice.warnings) emit runWarning(noteText(warning));
}

void EngineBridge::deliver(const RunEnded& notice) {
    if (!m_sweeping) {
        m_mailbox.close();
        m_running = false;
    }
    emit runFinished(notice.runId, QString::fromStdString(notice.status), QString::fromStdString(notice.error));
    if (notice.summary.meanSamplesPerSec.value_or(0) > 0) emit runSummarised(notice.runId, notice.summary);
}

void EngineBridge::deliver(const RunRefused& notice) {
    m_mailbox.close();
    m_running = false;
    emit runRefused(QString::fromStdString(notice.error));
}

void EngineBridge::deliver(const SweepEnded& notice) {
    m_mailbox.close();
    m_running = false;
    m_sweeping = false;
    if (!notice.error.empty()) emit runFinished(0, QStringLiteral("failed"), QString::fromStdString(notice.error));
    emit sweepFinished(notice.studyId, QVector<qint64>(notice.runIds.begin(), notice.runIds.end()), notice.cancelled);
}

}  // namespace bb::ui
