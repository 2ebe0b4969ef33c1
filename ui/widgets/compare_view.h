// Runs side by side: grouped bars by device × configuration with speedups against a chosen
// baseline, the per-step lines of the runs that have steps, and a table that spells out each
// value and any workload difference. Opens on the published study on a new database.
#pragma once

#include <QVector>
#include <QWidget>

#include <optional>
#include <vector>

#include "bridgebench/run_record.h"
#include "models/comparison.h"

QT_BEGIN_NAMESPACE
class QComboBox;
class QLabel;
class QSplitter;
class QStandardItemModel;
class QTableView;
class QVBoxLayout;
QT_END_NAMESPACE

namespace bb::ui {

class ChartWidget;
class CompareChart;
class RunStore;
class StepReader;
class TimeSeriesChart;

class CompareView final : public QWidget {
    Q_OBJECT
public:
    explicit CompareView(RunStore& store, QWidget* parent = nullptr);

    void setRuns(const QVector<qint64>& runIds);
    QVector<qint64> runIds() const { return m_runIds; }
    // The newest published reference table (the study's August 2023 figures).
    void showStudy();
    // The runs beside the study's newest table, the first as the baseline; when a run's
    // workload differs from the study's the metric becomes achieved TFLOP/s per device, and
    // reasonText() says why while those runs are shown in that metric: in another metric it is
    // hidden, and other runs drop it (it once read "…compared in achieved TFLOP/s per device"
    // above a chart in samples/s).
    void compareWithStudy(const QVector<qint64>& runIds);
    // A finished sweep's runs in samples/s against its workers-0 run (else its first): what a
    // sweep asks is how the loader settings change throughput. It opened in whatever metric
    // the tab had (TFLOP/s per device after the study), with no baseline.
    void showSweep(const QVector<qint64>& runIds);
    // A first launch's note above the study's figures: they are not the user's, and where to
    // start (a new database opened here, full of figures, with nothing saying so).
    void setStartHereVisible(bool visible);
    bool isStartHereVisible() const;
    void compareWithStudy(qint64 runId) { compareWithStudy(QVector<qint64>{runId}); }
    QString reasonText() const;

    void setMetric(CompareMetric metric);
    // Index into baselineChoices(): 0 is "no baseline".
    void setBaselineIndex(int index);
    QStringList baselineChoices() const;
    CompareMetric metric() const;
    // The baseline when it is one run (a device baseline has none); what a report compares against.
    std::optional<qint64> baselineRunId() const;
    // The baseline as core's comparison takes it, a device's included: what a report states.
    CompareBaseline compareBaseline() const;
    const Comparison& comparison() const { return m_comparison; }
    CompareChart* chart() const { return m_chart; }
    // The chart File > Export and Edit > Copy chart take: the per-step chart once it was clicked
    // (while it is shown), else the comparison chart.
    ChartWidget* activeChart() const;
    TimeSeriesChart* overlay() const { return m_overlay; }
    // While the per-step chart's steps are read, off the UI thread (adapters/step_reader.h).
    bool isReadingSteps() const;
    QStandardItemModel* tableModel() const { return m_table; }
    QTableView* tableView() const { return m_tableView; }

signals:
    // "Start a run" in the start-here note.
    void startHereRequested();

protected:
    void resizeEvent(QResizeEvent* event) override;

private:
    void rebuild();
    // Shows why the metric was chosen, for the runs and the metric shown now.
    void setReason(const QString& text);
    // Gives the table the width its figures need (Device to MFU) and the per-step chart the rest,
    // until the user drags the splitter between them.
    void fitTableWidth();
    QVector<qint64> studyRunIds() const;
    void rebuildBaselines();
    void rebuildOverlay();
    void drawOverlay(const QVector<qint64>& runIds, const std::vector<std::vector<StepMetrics>>& steps);
    void colourOverlay();
    // Every run is a headline figure alone (the study's, or an import of a trainer's final
    // figure): the per-step chart would have nothing to draw.
    bool nothingPerStep() const;

    RunStore& m_store;
    QVector<qint64> m_runIds;
    std::vector<RunRecord> m_runs;
    Comparison m_comparison;
    QComboBox* m_metric;
    QComboBox* m_baseline;
    QLabel* m_reason;
    QWidget* m_startHere;
    // What m_reason was written for: it shows only in that metric, and is dropped with other runs.
    QString m_reasonText;
    CompareMetric m_reasonMetric = CompareMetric::SamplesPerSec;
    QVector<qint64> m_reasonRuns;
    CompareChart* m_chart;
    TimeSeriesChart* m_overlay = nullptr;
    bool m_overlayActive = false;  // the per-step chart was clicked last (activeChart())
    QVector<qint64> m_overlayRunIds;  // each overlay line's run
    bool m_overlayOtherWork = false;  // its lines are of other work per sample (run_comparison.h)
    QWidget* m_overlayHolder;
    QVBoxLayout* m_overlayBox;
    StepReader* m_overlaySteps;
    QStandardItemModel* m_table;
    QTableView* m_tableView;
    QSplitter* m_lower;
    bool m_lowerDragged = false;
};

}  // namespace bb::ui
