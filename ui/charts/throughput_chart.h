// Samples/s per step of the live run. The only Qt Charts user besides its siblings in
// charts/ (Qt Charts is deprecated from Qt 6.10; keeping it here makes a swap local).
#pragma once

#include <QWidget>

#include "bridgebench/step_metrics.h"

QT_BEGIN_NAMESPACE
class QChart;
class QChartView;
class QLineSeries;
class QValueAxis;
QT_END_NAMESPACE

namespace bb::ui {

class ThroughputChart final : public QWidget {
    Q_OBJECT
public:
    explicit ThroughputChart(QWidget* parent = nullptr);

    void clear();
    void appendSteps(const QVector<bb::StepMetrics>& steps);
    int pointCount() const;

private:
    QChart* m_chart;
    QChartView* m_view;
    QLineSeries* m_series;
    QValueAxis* m_stepAxis;
    QValueAxis* m_rateAxis;
    double m_maxRate = 0;
};

}  // namespace bb::ui
