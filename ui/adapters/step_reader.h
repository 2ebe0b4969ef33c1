// Reads runs' steps on a thread of its own, through its own connection to the database, so
// that selecting a long run does not freeze the window: read and diagnosed on the UI thread,
// 200,000 steps held it 378-492 ms here, 20,000 steps 26-48; through this, 10 ms at most
// (bench/chart_select_run_bench, the diagnosis itself included). The
// newest request wins: one made while a read is under way waits for it, replacing any other
// waiting, and a reply to a replaced request is dropped. Replies come back through a Mailbox
// (adapters/mailbox.h), as everything other threads tell the window does.
#pragma once

#include <QObject>
#include <QString>
#include <QVector>

#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "adapters/mailbox.h"
#include "bridgebench/op_profile.h"
#include "bridgebench/step_metrics.h"
#include "bridgebench/timeline.h"
#include "bridgebench/timeline_summary.h"

namespace bb::ui {

class StepReader final : public QObject {
    Q_OBJECT
public:
    explicit StepReader(QObject* parent = nullptr);
    ~StepReader() override;  // waits for a read under way: one query, holding no UI state

    // Reads the steps of `runIds`, in that order, from the database `file`.
    void request(const QString& file, const QVector<qint64>& runIds);
    // Also read the first run's timeline, its spans and its profiled ops, with its steps
    // (timelineRead comes before stepsRead).
    void setReadsTimeline(bool reads) { m_readsTimeline = reads; }
    // Or only what the first run's timeline shows, summarized on the reading thread
    // (timelineSummarized comes before stepsRead): a 100,000-step run's 84,000 spans stay off
    // the UI thread.
    void setSummarizesTimeline(bool summarizes) { m_summarizesTimeline = summarizes; }
    // Forgets the waiting request and the reply to the one under way.
    void cancel();
    bool isReading() const { return m_thread.joinable(); }

signals:
    void stepsRead(const QVector<qint64>& runIds, const std::vector<std::vector<bb::StepMetrics>>& steps);
    void timelineRead(qint64 runId, const std::vector<bb::TimelineSpan>& spans, const std::vector<bb::OpEvent>& ops);
    void timelineSummarized(qint64 runId, const bb::TimelineSummary& summary);
    void failed(const QString& message);

private:
    struct Request {
        quint64 ticket = 0;
        QString file;
        QVector<qint64> runIds;
        bool timeline = false;
        bool summary = false;
    };
    struct Reply {
        quint64 ticket = 0;
        QVector<qint64> runIds;
        std::vector<std::vector<StepMetrics>> steps;
        std::vector<TimelineSpan> timeline;
        std::vector<OpEvent> ops;
        TimelineSummary summary;
        std::string error;  // empty when the read worked
    };

    void launch(Request request);
    void deliver(std::vector<Reply>&& replies);

    bool m_readsTimeline = false;
    bool m_summarizesTimeline = false;
    quint64 m_ticket = 0;               // the newest request's; UI thread only
    std::optional<Request> m_waiting;   // UI thread only
    Mailbox<Reply> m_mailbox;
    std::jthread m_thread;  // after the mailbox it posts to: joined first
};

}  // namespace bb::ui
