#include "charts/throughput_chart.h"

#include <QChart>
#include <QChartView>
#include <QLineSeries>
#include <QValueAxis>
#include <QVBoxLayout>

namespace bb::ui {

ThroughputChart::ThroughputChart(QWidget* parent)
    : QWidget(parent),
      m_chart(new QChart),
      m_view(new QChartView(m_chart, this)),
      m_series(new QLineSeries(m_chart)),
      m_stepAxis(new QValueAxis(m_chart)),
      m_rateAxis(new QValueAxis(m_chart)) {
    m_series->setName(tr("samples/s"));
    m_chart->addSeries(m_series);
    m_stepAxis->setTitleText(tr("step"));
    m_stepAxis->setLabelFormat("%d");
    m_rateAxis->setTitleText(tr("samples/s"));
    m_chart->addAxis(m_stepAxis, Qt::AlignBottom);
    m_chart->addAxis(m_rateAxis, Qt::AlignLeft);
    m_series->attachAxis(m_stepAxis);
    m_series->attachAxis(m_rateAxis);
    m_chart->legend()->hide();
    m_chart->setTitle(tr("Throughput per step"));
    m_view->setRenderHint(QPainter::Antialiasing);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_view);
    clear();
}

void ThroughputChart::clear() {
    m_series->clear();
    m_maxRate = 0;
    m_stepAxis->setRange(0, 1);
    m_rateAxis->setRange(0, 1);
}

void ThroughputChart::appendSteps(const QVector<bb::StepMetrics>& steps) {
    if (steps.isEmpty()) return;
    QList<QPointF> points;
    points.reserve(steps.size());
    for (const auto& step : steps) {
        points.append(QPointF(static_cast<double>(step.step), step.samplesPerSec));
        m_maxRate = std::max(m_maxRate, step.samplesPerSec);
    }
    // One append of the whole batch: one repaint instead of one per point.
    m_series->append(points);
    m_stepAxis->setRange(0, std::max(1.0, static_cast<double>(steps.back().step)));
    m_rateAxis->setRange(0, m_maxRate * 1.1);
}

int ThroughputChart::pointCount() const { return static_cast<int>(m_series->count()); }

}  // namespace bb::ui
