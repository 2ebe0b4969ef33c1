// The running run at a glance: samples/s (raw and smoothed), the step-time breakdown, loss,
// CPU and memory, and progress with an ETA. Fed by EngineBridge's batched steps (every 40 ms),
// so its cost per update is one append per chart, however fast the run goes.
#pragma once

#include <QWidget>

#include <vector>

#include "bridgebench/op_profile.h"
#include "bridgebench/step_metrics.h"
#include "bridgebench/timeline.h"
#include "models/smoothing.h"

namespace bb {
struct RunSummary;
}

QT_BEGIN_NAMESPACE
class QLabel;
class QSpinBox;
class QTabWidget;
class QProgressBar;
class QSlider;
class QTimer;
QT_END_NAMESPACE

namespace bb::ui {

class EngineBridge;
class TimeSeriesChart;
class ChartWidget;
class TimelineView;

class LiveDashboard final : public QWidget {
    Q_OBJECT
public:
    explicit LiveDashboard(EngineBridge& engine, QWidget* parent = nullptr);

    TimeSeriesChart* throughputChart() const { return m_throughput; }
    TimeSeriesChart* breakdownChart() const { return m_breakdown; }
    TimeSeriesChart* lossChart() const { return m_loss; }
    TimeSeriesChart* resourceChart() const { return m_resources; }
    QList<ChartWidget*> charts() const;
    TimelineView* timeline() const { return m_timeline; }
    // The charts page (0) or the timeline page (1).
    QTabWidget* pages() const { return m_pages; }
    QProgressBar* progressBar() const { return m_progress; }
    QString etaText() const;
    // What the engine said before the run's first step (cores other processes hold); empty
    // when it said nothing.
    QString warningText() const;
    // TensorBoard's smoothing weight, 0 to 0.99.
    double smoothingWeight() const;
    void setSmoothingWeight(double weight);

    // Steps received for the current run and the run's length; the bar and the charts show
    // them at the next redraw tick.
    qint64 stepsReceived() const { return m_lastStep + 1; }
    qint64 totalSteps() const { return m_totalSteps; }
    // Draws every chart and the bar up to the newest step now, outside the tick (screenshots).
    void refreshNow();

    // Tracks of the throughput chart.
    static constexpr int kRawTrack = 0;
    static constexpr int kSmoothedTrack = 1;

public slots:
    void startRun(qint64 runId, const QString& name, qint64 totalSteps);
    void showPreparation(const QString& stage, qint64 done, qint64 total);
    void showWarning(const QString& text);
    void appendSteps(const QVector<bb::StepMetrics>& steps);
    void finishRun(qint64 runId, const QString& status, const QString& error);
    // The run's headline figures beside "Finished after N steps", as the CLI prints them.
    void showSummary(qint64 runId, const bb::RunSummary& summary);
    // Shows a finished run's stored steps (from the runs table).
    void showStoredRun(const QString& name, const std::vector<bb::StepMetrics>& steps);
    // A live run's spans, or a stored run's with its profiled ops (before its steps, from the runs table).
    void appendSpans(const std::vector<bb::TimelineSpan>& spans);
    void showStoredTimeline(const std::vector<bb::TimelineSpan>& spans, const std::vector<bb::OpEvent>& ops = {});

private:
    void clear(qint64 totalSteps);
    void resmooth();
    void updateProgress();
    void refreshNextStaleChart();
    void setEtaText(const QString& text);

    TimeSeriesChart* m_throughput;
    TimeSeriesChart* m_breakdown;
    TimeSeriesChart* m_loss;
    TimeSeriesChart* m_resources;
    QTabWidget* m_pages;
    TimelineView* m_timeline;
    QSpinBox* m_timelineStep;
    std::vector<TimelineSpan> m_pendingTimeline;  // a stored run's, until its steps arrive
    std::vector<OpEvent> m_pendingOps;
    QTimer* m_redraw;
    int m_nextChart = 0;
    bool m_progressDue = false;
    QSlider* m_smoothing;
    QLabel* m_smoothingValue;
    QProgressBar* m_progress;
    QLabel* m_status;
    QLabel* m_eta;
    QLabel* m_warning;
    qint64 m_totalSteps = 0;
    qint64 m_lastStep = -1;
    std::vector<double> m_recentWallMs;  // ring of the last steps, for the ETA
    EmaSmoother m_smoother;
    StepMetrics m_latest;
    // What the shown run recorded. A live run records everything; an import of a Trainer or
    // TensorBoard log has step times at best, and what it did not record is not drawn (never as 0).
    struct Recorded {
        bool cpu = true;
        bool rss = true;
        bool breakdown = true;
        bool loss = true;
    };
    Recorded m_recorded;
};

}  // namespace bb::ui
