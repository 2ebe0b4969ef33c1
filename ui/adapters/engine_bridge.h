// The one place where the engine meets Qt. The engine calls the RunObserver side from its
// threads, which never touch Qt: everything they report goes into one Mailbox
// (adapters/mailbox.h), in order, which a UI-thread timer (40 ms) turns into signals, steps in
// batches. So a fast run cannot flood the event loop and the UI thread never waits on the
// engine.
#pragma once

#include <QObject>
#include <QVector>

#include <atomic>
#include <memory>
#include <thread>
#include <mutex>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "adapters/mailbox.h"
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

    // Returns at once: the run's checks (its dataset, a checkpoint to map, the environment, the
    // store, its row) and its start happen on a thread of their own, so that the UI thread never
    // waits for them. A refusal arrives as runRefused, in the words of the error (ConfigError,
    // InputError, StoreError), and no run starts. One run at a time.
    void startRun(const QString& dbFile, const RunConfig& config);
    // Returns at once: checks every grid point and runs them one after another on a thread of
    // its own, each reported like a single run (runStarted … runFinished), then sweepFinished.
    // A grid it refuses, or a store it cannot open, ends it before any run, as runFinished
    // (failed, with the error, run id 0) and then sweepFinished. Pause applies to single runs only.
    void startSweep(const QString& dbFile, const StudyConfig& study);
    void cancel();
    void pause();
    void resume();
    bool isRunning() const { return m_running; }
    bool isSweeping() const { return m_sweeping; }
    qint64 runId() const { return m_runId; }

signals:
    // The run's checks refused it before it had a row (startRun): nothing ran.
    void runRefused(const QString& error);
    void runStarted(qint64 runId, const QString& name, qint64 totalSteps);
    // After runStarted, one for each thing the engine said before the first step.
    void runWarning(const QString& text);
    // Work before the first step (generating the synthetic dataset); total 0 when unknown.
    void preparationProgress(const QString& stage, qint64 done, qint64 total);
    void stepsArrived(const QVector<bb::StepMetrics>& steps);
    // The timeline's spans of the steps that arrived (bridgebench/timeline.h), in the same tick.
    void spansArrived(const std::vector<bb::TimelineSpan>& spans);
    void runFinished(qint64 runId, const QString& status, const QString& error);
    // Right after runFinished, for a run that counted steps: what the CLI prints at its end.
    void runSummarised(qint64 runId, const bb::RunSummary& summary);
    void sweepProgress(int index, int total, const QString& pointName);
    // Every point's run in grid order (points completed earlier in the same study included).
    void sweepFinished(qint64 studyId, const QVector<qint64>& runIds, bool cancelled);

private:
    void started(const RunStarted& info) override;
    void preparing(const RunPreparation& progress) override;
    void step(const StepMetrics& metrics) override;
    void timeline(const std::vector<TimelineSpan>& spans) override;
    void finished(const RunOutcome& outcome) override;
    struct RunBegan {
        qint64 runId = 0;
        std::string name;
        qint64 totalSteps = 0;
        std::vector<Note> warnings;
    };
    struct RunEnded {
        qint64 runId = 0;
        std::string status;
        std::string error;
        RunSummary summary;
    };
    struct SweepPointStarting {
        int index = 0;
        int total = 0;
        std::string name;
    };
    struct RunRefused {
        std::string error;
    };
    struct SweepEnded {
        qint64 studyId = 0;
        std::vector<std::int64_t> runIds;
        bool cancelled = false;
        std::string error;  // the study could not start
    };
    using Notice = std::variant<RunBegan, RunPreparation, StepMetrics, std::vector<TimelineSpan>, RunEnded,
                                RunRefused, SweepPointStarting, SweepEnded>;
    void post(Notice notice);
    void deliver(std::vector<Notice>&& notices);
    void deliver(const RunBegan& notice);
    void deliver(const RunEnded& notice);
    void deliver(const RunRefused& notice);
    void deliver(const SweepEnded& notice);

    Mailbox<Notice> m_mailbox;
    // Set by the launch thread once the session (or the sweep's thread once the runner) is made;
    // cancel, pause and resume reach them under m_sessionMutex, which those threads hold only to
    // hand them over, never while they are being made.
    std::mutex m_sessionMutex;
    std::unique_ptr<RunSession> m_session;  // after the buffer: joined before it goes away
    std::atomic<bool> m_cancelBeforeStart{false};  // Cancel pressed while the session was being made
    std::jthread m_launcher;  // makes and starts the session; joined before the session goes
    class SweepProgress;
    std::unique_ptr<SweepProgress> m_sweepProgress;
    std::unique_ptr<StudyRunner> m_study;  // under m_sessionMutex
    std::jthread m_studyThread;  // after what it uses: joined first
    bool m_running = false;
    bool m_sweeping = false;
    qint64 m_runId = 0;
    std::atomic<qint64> m_currentRunId{0};  // set on the engine thread when a run starts
};

}  // namespace bb::ui

Q_DECLARE_METATYPE(bb::StepMetrics)
