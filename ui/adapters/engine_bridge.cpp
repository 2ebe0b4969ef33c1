#include "adapters/engine_bridge.h"

#include "bridgebench/run_session.h"
#include "bridgebench/study_runner.h"

namespace bb::ui {

namespace {
constexpr int kDrainIntervalMs = 40;
}

// StudyRunner's progress, re-emitted on the UI thread.
class EngineBridge::SweepProgress final : public StudyProgress {
public:
    explicit SweepProgress(EngineBridge& bridge) : m_bridge(bridge) {}
    void pointStarting(std::size_t index, std::size_t total, const RunConfig& config) override {
        QMetaObject::invokeMethod(
            &m_bridge,
            [bridge = &m_bridge, index = static_cast<int>(index), total = static_cast<int>(total),
             name = QString::fromStdString(config.name)] { emit bridge->sweepProgress(index, total, name); },
            Qt::QueuedConnection);
    }

private:
    EngineBridge& m_bridge;
};

EngineBridge::EngineBridge(QObject* parent) : QObject(parent) {
    qRegisterMetaType<bb::StepMetrics>();
    qRegisterMetaType<QVector<bb::StepMetrics>>();
    m_drainTimer.setInterval(kDrainIntervalMs);
    connect(&m_drainTimer, &QTimer::timeout, this, [this] { drain(DrainMode::IfFree); });
}

EngineBridge::~EngineBridge() {
    if (m_study) m_study->cancel();
    if (m_studyThread.joinable()) m_studyThread.join();
    if (m_session) {
        m_session->cancel();
        m_session->wait();
    }
}

void EngineBridge::startRun(const QString& dbFile, const RunConfig& config) {
    if (m_running) return;
    // The previous session's thread has finished (runFinished was delivered); joining is
    // immediate.
    m_session.reset();
    m_session = std::make_unique<RunSession>(dbFile.toStdString(), config, static_cast<RunObserver&>(*this));
    m_runId = m_session->runId();
    m_running = true;
    m_drainTimer.start();
    m_session->start();
}

void EngineBridge::startSweep(const QString& dbFile, const StudyConfig& study) {
    if (m_running) return;
    m_session.reset();
    if (m_studyThread.joinable()) m_studyThread.join();  // the previous sweep has ended
    m_sweepProgress = std::make_unique<SweepProgress>(*this);
    m_study = std::make_unique<StudyRunner>(dbFile.toStdString(), study, static_cast<RunObserver&>(*this),
                                            *m_sweepProgress);
    m_running = true;
    m_sweeping = true;
    m_drainTimer.start();
    m_studyThread = std::jthread([this] {
        StudyOutcome outcome;
        std::string error;
        try {
            outcome = m_study->run();
        } catch (const std::exception& failure) {
            error = failure.what();  // the store could not be opened: no run started
        }
        QVector<qint64> runIds(outcome.runIds.begin(), outcome.runIds.end());
        QMetaObject::invokeMethod(
            this,
            [this, studyId = outcome.studyId, runIds, cancelled = outcome.cancelled,
             error = QString::fromStdString(error)] {
                drain(DrainMode::Wait);
                m_drainTimer.stop();
                m_running = false;
                m_sweeping = false;
                if (!error.isEmpty()) emit runFinished(0, QStringLiteral("failed"), error);
                emit sweepFinished(studyId, runIds, cancelled);
            },
            Qt::QueuedConnection);
    });
}

void EngineBridge::cancel() {
    if (m_study && m_sweeping) m_study->cancel();
    if (m_session) m_session->cancel();
}
void EngineBridge::pause() {
    if (m_session && !m_sweeping) m_session->pause();
}
void EngineBridge::resume() {
    if (m_session && !m_sweeping) m_session->resume();
}

void EngineBridge::started(const RunStarted& info) {
    m_currentRunId = info.runId;
    QMetaObject::invokeMethod(
        this,
        [this, id = info.runId, name = QString::fromStdString(info.name), total = info.totalSteps] {
            m_runId = id;
            emit runStarted(id, name, total);
        },
        Qt::QueuedConnection);
}

void EngineBridge::preparing(const RunPreparation& progress) {
    // Only the latest counts: a thousand images need not become a thousand events.
    std::lock_guard lock(m_mutex);
    m_preparation = progress;
}

void EngineBridge::step(const StepMetrics& metrics) {
    std::lock_guard lock(m_mutex);
    m_pending.push_back(metrics);
}

void EngineBridge::finished(const RunOutcome& outcome) {
    QMetaObject::invokeMethod(
        this,
        [this, id = m_currentRunId.load(), status = QString::fromUtf8(toString(outcome.status).data()),
         error = QString::fromStdString(outcome.error)] {
            drain(DrainMode::Wait);  // the last steps before the end
            if (!m_sweeping) {
                m_drainTimer.stop();
                m_running = false;
            }
            emit runFinished(id, status, error);
        },
        Qt::QueuedConnection);
}

void EngineBridge::drain(DrainMode mode) {
    QVector<StepMetrics> batch;
    std::optional<RunPreparation> preparation;
    {
        // While the run goes, the UI thread never waits for the lock: on a loaded machine the
        // training thread can be descheduled while holding it, and the next tick is 40 ms away.
        std::unique_lock lock(m_mutex, std::defer_lock);
        if (mode == DrainMode::Wait)
            lock.lock();
        else if (!lock.try_lock())
            return;
        preparation.swap(m_preparation);
        if (m_pending.empty() && !preparation) return;
        batch.reserve(static_cast<qsizetype>(m_pending.size()));
        for (const auto& metrics : m_pending) batch.push_back(metrics);
        m_pending.clear();
    }
    if (preparation)
        emit preparationProgress(QString::fromStdString(preparation->stage), preparation->done, preparation->total);
    if (!batch.isEmpty()) emit stepsArrived(batch);
}

}  // namespace bb::ui
