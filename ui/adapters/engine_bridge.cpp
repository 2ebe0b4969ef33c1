#include "adapters/engine_bridge.h"

#include "bridgebench/run_session.h"

namespace bb::ui {

namespace {
constexpr int kDrainIntervalMs = 40;
}

EngineBridge::EngineBridge(QObject* parent) : QObject(parent) {
    qRegisterMetaType<bb::StepMetrics>();
    qRegisterMetaType<QVector<bb::StepMetrics>>();
    m_drainTimer.setInterval(kDrainIntervalMs);
    connect(&m_drainTimer, &QTimer::timeout, this, [this] { drain(DrainMode::IfFree); });
}

EngineBridge::~EngineBridge() {
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

void EngineBridge::cancel() {
    if (m_session) m_session->cancel();
}
void EngineBridge::pause() {
    if (m_session) m_session->pause();
}
void EngineBridge::resume() {
    if (m_session) m_session->resume();
}

void EngineBridge::started(const RunStarted& info) {
    QMetaObject::invokeMethod(
        this,
        [this, id = info.runId, name = QString::fromStdString(info.name), total = info.totalSteps] {
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
        [this, status = QString::fromUtf8(toString(outcome.status).data()),
         error = QString::fromStdString(outcome.error)] {
            drain(DrainMode::Wait);  // the last steps before the end
            m_drainTimer.stop();
            m_running = false;
            emit runFinished(m_runId, status, error);
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
