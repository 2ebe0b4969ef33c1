#include "widgets/live_dashboard.h"

#include <QProgressBar>
#include <QTest>
#include <QTimer>

#include <gtest/gtest.h>

#include "adapters/engine_bridge.h"
#include "charts/time_series_chart.h"

namespace bb {
namespace {

TEST(LiveDashboard, TheBarSaysNothingBeforeARun) {
    ui::EngineBridge engine;
    ui::LiveDashboard dashboard(engine);
    EXPECT_EQ(dashboard.progressBar()->text(), QString()) << dashboard.progressBar()->text().toStdString();
    dashboard.startRun(1, "run", 10);
    EXPECT_EQ(dashboard.progressBar()->text(), QStringLiteral("0 / 10 steps"));
}

TEST(LiveDashboard, ShowsPreparationThenHandsTheBarBackToTheSteps) {
    ui::EngineBridge engine;
    ui::LiveDashboard dashboard(engine);
    dashboard.startRun(1, "run", 10);

    dashboard.showPreparation("generating synthetic dataset", 120, 1000);
    EXPECT_EQ(dashboard.progressBar()->maximum(), 1000);
    EXPECT_EQ(dashboard.progressBar()->value(), 120);
    EXPECT_TRUE(dashboard.progressBar()->text().contains("120")) << dashboard.progressBar()->text().toStdString();
    EXPECT_FALSE(dashboard.progressBar()->format().contains("steps"));

    StepMetrics first;
    first.step = 0;
    first.wallMs = 10;
    first.samplesPerSec = 100;
    dashboard.appendSteps({first});
    EXPECT_EQ(dashboard.progressBar()->maximum(), 10);
    EXPECT_EQ(dashboard.progressBar()->value(), 1);
    EXPECT_TRUE(dashboard.progressBar()->format().contains("steps"));
}

StepMetrics stepAt(qint64 index) {
    StepMetrics step;
    step.step = index;
    step.wallMs = 20 + static_cast<double>(index % 7);
    step.samples = 8;
    step.samplesPerSec = samplesPerSecond(step.samples, step.wallMs);
    step.dataWaitMs = 2;
    step.forwardMs = 6;
    step.backwardMs = 9;
    step.optimizerMs = 3;
    step.loss = 4.0 / static_cast<double>(index + 1);
    step.cpuUtilisation = 1.2;
    step.rssBytes = std::int64_t{300} << 20;
    return step;
}

// Every chart drew its latest data (the dashboard redraws one stale chart per tick).
bool chartsSettled(const ui::LiveDashboard& dashboard) {
    const auto charts = dashboard.charts();
    return std::none_of(charts.begin(), charts.end(),
                        [](ui::ChartWidget* chart) { return static_cast<ui::TimeSeriesChart*>(chart)->isStale(); });
}

void expectEveryChartEndsAt(const ui::LiveDashboard& dashboard, double lastStep) {
    for (auto* widget : dashboard.charts()) {
        auto* chart = static_cast<ui::TimeSeriesChart*>(widget);
        const std::string name = chart->objectName().toStdString();
        EXPECT_FALSE(chart->isZoomed()) << name;
        EXPECT_EQ(chart->xMax(), lastStep) << name;
        for (int track = 0; track < chart->trackCount(); ++track) {
            const auto drawn = chart->drawnPoints(track);
            ASSERT_FALSE(drawn.isEmpty()) << name << " track " << track;
            EXPECT_EQ(drawn.back().x(), lastStep) << name << " track " << track;
        }
    }
}

TEST(LiveDashboard, EveryChartFollowsAStreamedRunToItsLastStep) {
    ui::EngineBridge engine;
    ui::LiveDashboard dashboard(engine);
    dashboard.resize(1200, 800);
    dashboard.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&dashboard));
    constexpr qint64 kSteps = 300;
    dashboard.startRun(1, "streamed", kSteps);
    qint64 next = 0;
    QTimer feeder;
    feeder.setInterval(10);
    QObject::connect(&feeder, &QTimer::timeout, [&] {
        QVector<StepMetrics> batch;
        for (int index = 0; index < 3 && next < kSteps; ++index) batch.push_back(stepAt(next++));
        if (!batch.isEmpty()) dashboard.appendSteps(batch);
    });
    feeder.start();
    ASSERT_TRUE(QTest::qWaitFor([&] { return next >= kSteps && chartsSettled(dashboard); }, 30'000));
    expectEveryChartEndsAt(dashboard, kSteps - 1);

    // The same dashboard showing a stored run afterwards follows that one.
    std::vector<StepMetrics> stored;
    for (qint64 index = 0; index < 500; ++index) stored.push_back(stepAt(index));
    dashboard.showStoredRun("stored", stored);
    ASSERT_TRUE(QTest::qWaitFor([&] { return chartsSettled(dashboard); }, 10'000));
    expectEveryChartEndsAt(dashboard, 499);
}

TEST(LiveDashboard, ChartsSayNoStepsYetUntilTheFirstStep) {
    ui::EngineBridge engine;
    ui::LiveDashboard dashboard(engine);
    dashboard.show();
    for (auto* chart : dashboard.charts())
        EXPECT_TRUE(static_cast<ui::TimeSeriesChart*>(chart)->isEmptyTextShown()) << chart->objectName().toStdString();
    dashboard.startRun(1, "run", 10);
    dashboard.appendSteps({stepAt(0)});
    ASSERT_TRUE(QTest::qWaitFor([&] { return chartsSettled(dashboard); }, 10'000));
    for (auto* chart : dashboard.charts())
        EXPECT_FALSE(static_cast<ui::TimeSeriesChart*>(chart)->isEmptyTextShown()) << chart->objectName().toStdString();
}

}  // namespace
}  // namespace bb
