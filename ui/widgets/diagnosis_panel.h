// Why one stored run runs at its speed: input- or compute-bound, what loading and compute cost
// a batch, the predicted throughput of every worker / device-transform setting from the run's
// own measurements (and its probe), the recommended setting, and what the figures assume. A
// data-parallel run also shows its all-reduce wait and what 1, 2, 4 and 8 ranks would give.
#pragma once

#include <QWidget>

#include <optional>
#include <vector>

#include "bridgebench/diagnosis.h"
#include "bridgebench/result_store.h"
#include "bridgebench/step_metrics.h"

QT_BEGIN_NAMESPACE
class QLabel;
class QTableWidget;
QT_END_NAMESPACE

namespace bb::ui {

class DiagnosisPanel final : public QWidget {
    Q_OBJECT
public:
    explicit DiagnosisPanel(QWidget* parent = nullptr);

    // Shows the run's diagnosis, or says why there is none (no run, or steps without a breakdown).
    void showRun(const std::optional<RunRecord>& run, const std::vector<StepMetrics>& steps);

    QLabel* headline() const { return m_headline; }
    QLabel* explanation() const { return m_explanation; }
    QTableWidget* predictions() const { return m_predictions; }
    QTableWidget* rankPredictions() const { return m_rankPredictions; }

private:
    void clear(const QString& reason);
    void showRankPredictions(const Diagnosis& diagnosis, double measuredSamplesPerSec);

    QLabel* m_headline;
    QLabel* m_explanation;
    QTableWidget* m_predictions;
    QTableWidget* m_rankPredictions;
    QLabel* m_notes;
};

}  // namespace bb::ui
