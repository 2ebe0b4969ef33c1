// The one place where the engine meets Qt. The engine calls the RunObserver side from its
// threads; steps are buffered and a UI-thread timer (40 ms) hands them over in batches, so
// a fast run cannot flood the event loop and the UI thread never waits on the engine.
#pragma once

#include <QObject>
#include <QTimer>
#include <QVector>

#include <atomic>
#include <memory>
#include <thread>
#include <mutex>
#include <optional>
#include <vector>

#include "bridgebench/run_config.h"
#include "bridgebench/run_observer.h"
#include "bridgebench/study_config.h"
#include "bridgebench/study_runner.h"

namespace bb {
class RunSession;
class StudyRunner;
}

namespace bb::ui {

class EngineBridge final : public QObject, private RunObserver {
    Q_OBJECT
public:
    explicit EngineBridge(QObject* parent = nullptr);
    ~EngineBridge() override;  // cancels a running run and joins its thread

    // Validates, creates the run's row and starts it. Throws ConfigError/StoreError
    // (callers show them) before anything runs. One run at a time.
    void startRun(const QString& dbFile, const RunConfig& config);
    // Runs every grid point one after another on a thread of its own, each reported like a
    // single run (runStarted … runFinished), then sweepFinished. Throws ConfigError for a bad
    // grid before anything runs. Pause applies to single runs only.
    void startSweep(const QString& dbFile, const StudyConfig& study);
    void cancel();
    void pause();
    void resume();
    bool isRunning() const { return m_running; }
    bool isSweeping() const { return m_sweeping; }
    qint64 runId() const { return m_runId; }

signals:
    void runStarted(qint64 runId, const QString& name, qint64 totalSteps);
    // Work before the first step (generating the synthetic dataset); total 0 when unknown.
    void preparationProgress(const QString& stage, qint64 done, qint64 total);
    void stepsArrived(const QVector<bb::StepMetrics>& steps);
    void runFinished(qint64 runId, const QString& status, const QString& error);
    void sweepProgress(int index, int total, const QString& pointName);
    // Every point's run in grid order (points completed earlier in the same study included).
    void sweepFinished(qint64 studyId, const QVector<qint64>& runIds, bool cancelled);

private:
    void started(const RunStarted& info) override;
    void preparing(const RunPreparation& progress) override;
    void step(const StepMetrics& metrics) override;
    void finished(const RunOutcome& outcome) override;
    enum class DrainMode { IfFree, Wait };
    void drain(DrainMode mode);

    QTimer m_drainTimer;
    std::mutex m_mutex;
    std::vector<StepMetrics> m_pending;
    std::optional<RunPreparation> m_preparation;  // the latest, not yet shown
    std::unique_ptr<RunSession> m_session;  // after the buffer: joined before it goes away
    class SweepProgress;
    std::unique_ptr<SweepProgress> m_sweepProgress;
    std::unique_ptr<StudyRunner> m_study;
    std::jthread m_studyThread;  // after what it uses: joined first
    bool m_running = false;
    bool m_sweeping = false;
    qint64 m_runId = 0;
    std::atomic<qint64> m_currentRunId{0};  // set on the engine thread when a run starts
};

}  // namespace bb::ui

Q_DECLARE_METATYPE(bb::StepMetrics)
