// Why one stored run runs at its speed: input- or compute-bound, what loading and compute cost
// a batch, the predicted throughput of every worker / device-transform setting from the run's
// own measurements (and its probe), the recommended setting, and what the figures assume. A
// data-parallel run also shows its all-reduce wait and what 1, 2, 4 and 8 ranks would give.
#pragma once

#include <QWidget>

#include <optional>
#include <vector>

#include "bridgebench/diagnosis.h"
#include "bridgebench/run_record.h"
#include "bridgebench/step_metrics.h"
#include "bridgebench/timeline_summary.h"

QT_BEGIN_NAMESPACE
class QLabel;
class QTableWidget;
class QTimer;
QT_END_NAMESPACE

namespace bb::ui {

class DiagnosisPanel final : public QWidget {
    Q_OBJECT
public:
    explicit DiagnosisPanel(QWidget* parent = nullptr);

    // Shows the run's diagnosis, or says why there is none (no run, or steps without a breakdown).
    // With what the run's timeline shows, where it has one.
    void showRun(const std::optional<RunRecord>& run, const std::vector<StepMetrics>& steps,
                 const TimelineSummary& timeline = {});
    // While the steps of the run named are read (adapters/step_reader.h): what it shows greys,
    // and says so if the read takes long enough to notice. A short read (most) would otherwise
    // collapse and rebuild the tables at every click.
    void showReading(const QString& runName);
    bool isReading() const { return m_reading; }
    // Why there is none: the steps could not be read.
    void showError(const QString& message);

    QLabel* headline() const { return m_headline; }
    QLabel* explanation() const { return m_explanation; }
    QTableWidget* predictions() const { return m_predictions; }
    QTableWidget* rankPredictions() const { return m_rankPredictions; }

private:
    void clear(const QString& reason);
    void stopReading();
    void showRankPredictions(const Diagnosis& diagnosis, std::optional<double> measuredSamplesPerSec);

    QLabel* m_headline;
    QLabel* m_explanation;
    QTableWidget* m_predictions;
    QTableWidget* m_rankPredictions;
    QLabel* m_notes;
    QTimer* m_readingNote;
    QString m_readingRun;
    bool m_reading = false;
};

}  // namespace bb::ui
