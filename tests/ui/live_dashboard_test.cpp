#include "widgets/live_dashboard.h"

#include <QChartView>
#include <QElapsedTimer>
#include <QGraphicsScene>
#include <QGraphicsTextItem>
#include <QGraphicsView>
#include <QLabel>
#include <QProgressBar>
#include <QSignalSpy>
#include <QTest>
#include <QTimer>

#include <limits>
#include <map>
#include <thread>
#include <vector>

#include <gtest/gtest.h>

#include "adapters/engine_bridge.h"
#include "bridgebench/other_processes.h"
#include "bridgebench/result_store.h"
#include "bridgebench/run_config.h"
#include "bridgebench/run_summary.h"
#include "charts/time_series_chart.h"
#include "support/busy_cores.h"
#include "support/temp_dir.h"
#include "support/stored_summary.h"

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
    // The bar follows the steps at the dashboard's redraw tick, not at every batch.
    ASSERT_TRUE(QTest::qWaitFor([&] { return dashboard.progressBar()->value() == 1; }, 10'000));
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
    step.otherCpuCores = 0.1 * static_cast<double>(index % 4);
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

// A dashboard in a shown window the size of the Run tab's.
class ShownDashboard : public ::testing::Test {
protected:
    void SetUp() override {
        dashboard.resize(1200, 800);
        dashboard.show();
        ASSERT_TRUE(QTest::qWaitForWindowExposed(&dashboard));
    }
    ui::EngineBridge engine;
    ui::LiveDashboard dashboard{engine};
};

TEST_F(ShownDashboard, EveryChartFollowsAStreamedRunToItsLastStep) {
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
    EXPECT_EQ(dashboard.progressBar()->value(), 500);
    EXPECT_EQ(dashboard.etaText(), QString()) << "a stored run has no ETA";
}

// Counts the paints of each chart's plot while it lives.
class PaintCounter : public QObject {
public:
    explicit PaintCounter(const ui::LiveDashboard& dashboard) {
        for (auto* chart : dashboard.charts()) {
            QWidget* plot = chart->findChild<QChartView*>()->viewport();
            plot->installEventFilter(this);
            m_names[plot] = chart->objectName().toStdString();
        }
    }
    const std::map<std::string, int>& paints() const { return m_paints; }

protected:
    bool eventFilter(QObject* watched, QEvent* event) override {
        if (event->type() == QEvent::Paint) ++m_paints[m_names[watched]];
        return false;
    }

private:
    std::map<QObject*, std::string> m_names;
    std::map<std::string, int> m_paints;
};

// Every core a run trains on is also the UI thread's: painting the charts ten times a second
// each took a third of a core on the 2-core box and made the watched run's mean step 46%
// slower than the same run unwatched (bench/chart_live_run_bench). A few redraws a second
// per chart follow a run as well.
TEST_F(ShownDashboard, EachChartRedrawsAFewTimesASecondHoweverFastStepsArrive) {
    constexpr qint64 kSteps = 100'000;
    dashboard.startRun(1, "fast", kSteps);
    ASSERT_TRUE(QTest::qWaitFor([&] { return chartsSettled(dashboard); }, 10'000));
    PaintCounter counter(dashboard);
    qint64 next = 0;
    QTimer feeder;
    feeder.setInterval(10);
    QObject::connect(&feeder, &QTimer::timeout, [&] { dashboard.appendSteps({stepAt(next++)}); });
    QElapsedTimer clock;
    clock.start();
    feeder.start();
    // 300 steps at most 100 a second: at least three seconds of a fast run.
    ASSERT_TRUE(QTest::qWaitFor([&] { return next >= 300; }, 30'000));
    feeder.stop();
    const double seconds = static_cast<double>(clock.elapsed()) / 1000.0;
    ASSERT_EQ(counter.paints().size(), 4u) << "every chart painted while steps streamed";
    for (const auto& [name, paints] : counter.paints())
        EXPECT_LE(paints, 3.0 * seconds + 2) << name << " painted " << paints << " times in " << seconds << " s";
}

// An imported Trainer or TensorBoard log has step times at best. Its first logged step (no time
// before it) was drawn at 0 samples/s with the smoothed line climbing from 0, CPU and RSS as flat
// lines at 0, and an empty breakdown without a word. Unknown is never drawn as 0.
TEST(LiveDashboard, AnImportedRunDrawsNothingItDidNotRecord) {
    ui::EngineBridge engine;
    ui::LiveDashboard dashboard(engine);
    dashboard.resize(1200, 800);
    dashboard.show();
    std::vector<StepMetrics> imported;
    for (qint64 index = 0; index < 20; ++index) {
        StepMetrics step;
        step.step = index * 10;
        step.samples = 8;
        step.wallMs = index == 0 ? 0 : 2000;
        step.samplesPerSec = index == 0 ? 0 : samplesPerSecond(step.samples, step.wallMs);
        step.loss = 1.0 / static_cast<double>(index + 1);
        imported.push_back(step);
    }
    dashboard.showStoredRun("imported", imported);
    ASSERT_TRUE(QTest::qWaitFor([&] { return chartsSettled(dashboard); }, 10'000));
    const auto raw = dashboard.throughputChart()->points(ui::LiveDashboard::kRawTrack);
    ASSERT_EQ(raw.size(), 19U);
    for (const auto& point : raw) EXPECT_GT(point.y(), 0) << "step " << point.x();
    for (const auto& point : dashboard.throughputChart()->points(ui::LiveDashboard::kSmoothedTrack))
        EXPECT_NEAR(point.y(), 4.0, 1e-9) << "step " << point.x();
    EXPECT_TRUE(dashboard.resourceChart()->isEmptyTextShown());
    EXPECT_EQ(dashboard.resourceChart()->emptyText(), "CPU and memory not recorded for this run");
    EXPECT_TRUE(dashboard.breakdownChart()->isEmptyTextShown());
    EXPECT_EQ(dashboard.breakdownChart()->emptyText(), "Step-time breakdown not recorded for this run");
    EXPECT_FALSE(dashboard.lossChart()->isEmptyTextShown());

    // A live run afterwards draws everything again.
    dashboard.startRun(2, "live", 10);
    dashboard.appendSteps({stepAt(0)});
    ASSERT_TRUE(QTest::qWaitFor([&] { return chartsSettled(dashboard); }, 10'000));
    for (auto* chart : dashboard.charts())
        EXPECT_FALSE(static_cast<ui::TimeSeriesChart*>(chart)->isEmptyTextShown()) << chart->objectName().toStdString();
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

// Other processes' CPU goes on the CPU chart beside the run's own, in the same unit; steps that
// did not measure it (the meter's first quarter second, data parallel) leave a gap, not a zero.
TEST(LiveDashboard, TheCpuChartShowsOtherProcessesCpuWhereItWasMeasured) {
    ui::EngineBridge engine;
    ui::LiveDashboard dashboard(engine);
    dashboard.startRun(1, "run", 10);
    QVector<StepMetrics> steps;
    for (qint64 index = 0; index < 4; ++index) steps.push_back(stepAt(index));
    steps[0].otherCpuCores = steps[1].otherCpuCores = std::numeric_limits<double>::quiet_NaN();
    steps[2].otherCpuCores = 0.1;
    steps[3].otherCpuCores = 1.35;
    dashboard.appendSteps(steps);
    const auto& others = dashboard.resourceChart()->points(2);
    ASSERT_EQ(others.size(), 2u);
    EXPECT_EQ(others[0], QPointF(2, 10));
    EXPECT_EQ(others[1], QPointF(3, 135));
    dashboard.refreshNow();
    EXPECT_TRUE(dashboard.etaText().contains(QStringLiteral("CPU 120% (others 135%)"))) << dashboard.etaText().toStdString();
}

// At 1024 × 768 each chart is about 270 px square and the CPU chart's value axis read
// "CPU % (100 = one cor…": every title, tick and legend text drawn must be whole.
// The dashboard as the Run tab lays it out on a 1024 × 768 screen.
class DashboardAt1024 : public ::testing::Test {
protected:
    void SetUp() override {
        dashboard.resize(570, 620);
        dashboard.show();
        ASSERT_TRUE(QTest::qWaitForWindowExposed(&dashboard));
        QCoreApplication::processEvents();
    }
    ui::EngineBridge engine;
    ui::LiveDashboard dashboard{engine};
};

TEST_F(DashboardAt1024, EveryChartsTextIsWhole) {
    const auto charts = dashboard.findChildren<ui::TimeSeriesChart*>();
    ASSERT_GE(charts.size(), 4);
    // Before the first step, and with a thousand steps' four-digit ticks.
    for (const bool withSteps : {false, true}) {
        if (withSteps) {
            dashboard.startRun(1, "run", 1000);
            QVector<StepMetrics> steps;
            for (qint64 index = 0; index < 1000; ++index) steps.push_back(stepAt(index));
            dashboard.appendSteps(steps);
        }
        for (auto* chart : charts) chart->refresh();
        QCoreApplication::processEvents();
        for (auto* chart : charts) {
            const std::string where = chart->title().toStdString() + (withSteps ? " with steps" : " before a run");
            int texts = 0;
            for (const QGraphicsItem* item : chart->findChild<QGraphicsView*>()->scene()->items()) {
                const auto* text = dynamic_cast<const QGraphicsTextItem*>(item);
                if (text == nullptr || !text->isVisible()) continue;
                const QString shown = text->toPlainText();
                EXPECT_FALSE(shown.contains(QStringLiteral("...")) || shown.contains(QChar(0x2026)))
                    << "'" << shown.toStdString() << "' in " << where << ", " << chart->width() << " × "
                    << chart->height() << " px";
                ++texts;
            }
            EXPECT_GE(texts, 8) << where << ": title, axis titles and ticks";
            for (const auto& entry : chart->legendEntries())
                EXPECT_EQ(entry.shown.toStdString(), entry.name.toStdString()) << where;
        }
    }
}

// Its legend beside the plot once left the step-time breakdown, the chart that says why a run
// is slow, 95 px of plot at 1024 × 768 where its neighbour had 190.
TEST_F(DashboardAt1024, TheBreakdownsPlotIsAsWideAsThroughputs) {
    dashboard.startRun(1, "run", 100);
    QVector<StepMetrics> steps;
    for (qint64 index = 0; index < 100; ++index) steps.push_back(stepAt(index));
    dashboard.appendSteps(steps);
    ASSERT_TRUE(QTest::qWaitFor([&] { return chartsSettled(dashboard); }, 10'000));
    QCoreApplication::processEvents();
    const auto* throughput = dashboard.findChild<ui::TimeSeriesChart*>("throughputChart");
    const auto* breakdown = dashboard.findChild<ui::TimeSeriesChart*>("breakdownChart");
    ASSERT_NE(throughput, nullptr);
    ASSERT_NE(breakdown, nullptr);
    EXPECT_GE(breakdown->plotRect().width(), 0.9 * throughput->plotRect().width())
        << breakdown->plotRect().width() << " px against " << throughput->plotRect().width();
    EXPECT_EQ(breakdown->legendEntries().size(), 7);
}

// Seen at 1024 × 768 mid-way through a two-rank run beside a busy process: the line beside the
// bar ("ETA … · CPU 153% (others 65%) · RSS 467 MiB · all-reduce wait 12%") widened the window
// past the screen's right edge, cutting off the right-hand charts. The lines above and beside
// the bar wrap within the Run tab's width instead, and show all they say.
TEST_F(DashboardAt1024, TheLinesAboveAndBesideTheBarWrapRatherThanWidenTheWindow) {
    dashboard.startRun(17, "tiny b8 w0 x2 2026-12-03 14:46:51", 400);
    QVector<StepMetrics> steps;
    for (qint64 index = 0; index < 345; ++index) {
        StepMetrics step = stepAt(index);
        step.cpuUtilisation = 1.53;
        step.otherCpuCores = 0.65;
        step.commMs = 2.5;
        steps.push_back(step);
    }
    dashboard.appendSteps(steps);
    dashboard.refreshNow();
    const auto* eta = dashboard.findChild<QLabel*>("eta");
    const auto* status = dashboard.findChild<QLabel*>("runStatus");
    ASSERT_NE(eta, nullptr);
    ASSERT_NE(status, nullptr);
    auto expectWhole = [&](const char* when) {
        QCoreApplication::processEvents();
        // A top-level widget grows to its minimum: the width it was given says whether it fit.
        EXPECT_LE(dashboard.minimumSizeHint().width(), 570) << when;
        EXPECT_EQ(dashboard.width(), 570) << when;
        for (const QLabel* label : {eta, status}) {
            EXPECT_LE(label->geometry().right(), dashboard.contentsRect().right()) << when;
            EXPECT_GE(label->height(), label->heightForWidth(label->width()))
                << when << ": " << label->text().toStdString();
        }
    };
    ASSERT_TRUE(dashboard.etaText().contains(QStringLiteral("all-reduce wait"))) << dashboard.etaText().toStdString();
    expectWhole("mid-run");
    dashboard.finishRun(17, "failed",
                        "rank 1 exited with status 1 while rank 0 waited in the all-reduce of step 344: see its "
                        "stderr above for why");
    bb::RunSummary summary;
    summary.meanSamplesPerSec = 445.8;
    summary.dataWaitShare = 0.28;
    summary.commShare = 0.12;
    dashboard.showSummary(17, summary);
    expectWhole("after a failed run's summary");
}

// With nothing to say beside it (a stored run, a run before its first figures) the bar spans
// the row rather than a third of it beside an empty space; with figures, they get two thirds.
TEST_F(DashboardAt1024, TheBarSpansTheRowUntilThereAreFiguresBesideIt) {
    std::vector<StepMetrics> stored;
    for (qint64 index = 0; index < 60; ++index) stored.push_back(stepAt(index));
    dashboard.showStoredRun("stored", stored);
    QCoreApplication::processEvents();
    const int row = dashboard.contentsRect().width();
    EXPECT_GT(dashboard.progressBar()->width(), row * 8 / 10) << dashboard.progressBar()->width() << " of " << row;

    dashboard.startRun(2, "live", 100);
    dashboard.appendSteps(QVector<StepMetrics>(stored.begin(), stored.begin() + 10));
    dashboard.refreshNow();
    QCoreApplication::processEvents();
    EXPECT_FALSE(dashboard.etaText().isEmpty());
    EXPECT_LT(dashboard.progressBar()->width(), row / 2) << dashboard.progressBar()->width() << " of " << row;
}

// The figures beside the bar change at every tick; where they wrap onto a second line and then
// fit one again, the charts below must not move up and down with them.
TEST_F(DashboardAt1024, TheFiguresRowKeepsItsHeightWhenTheyShortenDuringARun) {
    // Wide enough that a one-process run's figures fit one line and a two-rank run's do not.
    dashboard.resize(700, 620);
    QCoreApplication::processEvents();
    dashboard.startRun(3, "two ranks", 400);
    StepMetrics busy = stepAt(0);
    busy.otherCpuCores = 0.65;
    busy.commMs = 2.5;
    dashboard.appendSteps({busy});
    dashboard.refreshNow();
    QCoreApplication::processEvents();
    const auto* eta = dashboard.findChild<QLabel*>("eta");
    ASSERT_NE(eta, nullptr);
    const int tall = eta->height();
    ASSERT_GE(tall, 2 * eta->fontMetrics().lineSpacing()) << dashboard.etaText().toStdString();
    const int chartTop = dashboard.findChild<ui::TimeSeriesChart*>("throughputChart")->y();

    StepMetrics quiet = stepAt(1);
    quiet.otherCpuCores = 0;
    quiet.commMs = 0;
    dashboard.appendSteps({quiet});
    dashboard.refreshNow();
    QCoreApplication::processEvents();
    EXPECT_LT(eta->fontMetrics().horizontalAdvance(dashboard.etaText()), eta->width())
        << "the shorter text fits one line: " << dashboard.etaText().toStdString();
    EXPECT_EQ(eta->height(), tall);
    EXPECT_EQ(dashboard.findChild<ui::TimeSeriesChart*>("throughputChart")->y(), chartTop);

    dashboard.startRun(4, "next", 10);
    EXPECT_EQ(eta->minimumHeight(), 0) << "a new run starts from one line";
}

// An engine and its dashboard, for a real run into a database of its own.
struct RealRun {
    ui::EngineBridge engine;
    ui::LiveDashboard dashboard{engine};
    QSignalSpy finished{&engine, &ui::EngineBridge::runFinished};
    test::TempDir dir;
    QString db = QString::fromStdString(dir.file("runs.db").string());
};

// A real run started while busy threads hold every core: the warning the engine gives before
// the first step shows under the bar, and the next run starts without it.
TEST(LiveDashboard, ShowsWhatTheEngineSaidBeforeTheFirstStepUntilTheNextRun) {
    const int cores = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
    // Two busy threads a core leave the run's spinners a third of each, whatever the core count,
    // and at least two compute threads have someone to wait for.
    RealRun real;
    RunConfig config;
    config.steps = 2;
    config.batchSize = 2;
    config.warmupSteps = 0;
    config.threads = std::max(2, cores);
    {
        const test::BusyCores hogs(2 * cores);
        real.engine.startRun(real.db, config);
        ASSERT_TRUE(real.finished.wait(120'000));
    }
    auto& dashboard = real.dashboard;
    EXPECT_TRUE(dashboard.warningText().startsWith("Warning: other processes held")) << dashboard.warningText().toStdString();
    EXPECT_TRUE(dashboard.warningText().contains("compute threads")) << dashboard.warningText().toStdString();
    // Between the bar and the charts of a 1024 × 768 screen's Run tab it took four lines.
    dashboard.resize(570, 620);
    dashboard.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&dashboard));
    const auto* line = dashboard.findChild<QLabel*>("runWarning");
    ASSERT_NE(line, nullptr);
    EXPECT_LE(line->heightForWidth(line->width()), 2 * line->fontMetrics().lineSpacing())
        << line->width() << " px wide: " << dashboard.warningText().toStdString();

    dashboard.startRun(2, "next", 5);
    EXPECT_EQ(dashboard.warningText(), QString());
}

// A finished run's headline figures stay beside the bar, the same as show prints from the
// database: the user who watched it need not open the Runs tab for the number.
TEST(LiveDashboard, AFinishedRunShowsItsSamplesPerSecondAndDataWaitAsStored) {
    RealRun real;
    RunConfig config;
    config.steps = 6;
    config.batchSize = 2;
    config.warmupSteps = 2;
    real.engine.startRun(real.db, config);
    ASSERT_TRUE(real.finished.wait(120'000));
    ASSERT_EQ(real.finished.front().at(1).toString(), QStringLiteral("completed"));
    auto& dashboard = real.dashboard;

    ResultStore store(real.db.toStdString());
    const auto run = store.findRun(real.engine.runId());
    ASSERT_TRUE(run.has_value());
    const auto stored = run->summary;
    ASSERT_GT(stored.meanSamplesPerSec.value_or(0), 0);
    // Samples over the steps' time, as the Runs and Compare tabs list the run.
    QString expected = QStringLiteral("Finished after 6 steps · %1 samples/s · data wait %2%")
                           .arg(stored.meanSamplesPerSec.value(), 0, 'f', 1)
                           .arg(stored.dataWaitShare.value() * 100.0, 0, 'f', 0);
    // A test beside this one on the other core can be enough to name.
    if (stored.otherCpuCores &&
        otherProcessesNote(*stored.otherCpuCores, stored.otherCpuCoresP95.value_or(*stored.otherCpuCores), 0))
        expected += QStringLiteral(" · others took %1 cores ‡").arg(*stored.otherCpuCores, 0, 'f', 1);
    EXPECT_EQ(dashboard.etaText().toStdString(), expected.toStdString());
    EXPECT_TRUE(dashboard.findChild<QLabel*>("eta")->toolTip().contains("steps 2 to 5"))
        << dashboard.findChild<QLabel*>("eta")->toolTip().toStdString();

    dashboard.startRun(2, "next", 5);
    EXPECT_EQ(dashboard.etaText(), QString());
}

// Other processes that took enough of the cores to bend the figures are named on the closing
// line, as the Runs table marks the run, with the whole note on hovering.
TEST(LiveDashboard, TheClosingLineNamesOtherProcessesThatBentTheFigures) {
    ui::EngineBridge engine;
    ui::LiveDashboard dashboard(engine);
    dashboard.startRun(23, "beside a build", 40);
    QVector<StepMetrics> steps;
    for (qint64 index = 0; index < 40; ++index) steps.push_back(stepAt(index));
    dashboard.appendSteps(steps);
    dashboard.finishRun(23, "completed", QString());
    RunSummary summary;
    summary.steps = 40;
    summary.meanSamplesPerSec = 120.0;
    summary.otherCpuCores = 1.04;
    summary.otherCpuCoresP95 = 1.6;
    dashboard.showSummary(23, summary);
    EXPECT_TRUE(dashboard.etaText().endsWith(QStringLiteral(" · others took 1.0 cores ‡")))
        << dashboard.etaText().toStdString();
    const QString tip = dashboard.findChild<QLabel*>("eta")->toolTip();
    EXPECT_TRUE(tip.contains(QStringLiteral("other processes took 1.0 cores on average while this run ran (1.6 in its "
                                            "busiest twentieth of steps): its figures may not repeat")))
        << tip.toStdString();

    dashboard.startRun(24, "quiet", 40);
    dashboard.appendSteps(steps);
    dashboard.finishRun(24, "completed", QString());
    summary.otherCpuCores = 0.1;
    summary.otherCpuCoresP95 = 0.3;
    dashboard.showSummary(24, summary);
    EXPECT_FALSE(dashboard.etaText().contains(QStringLiteral("‡"))) << dashboard.etaText().toStdString();
}

// A cancelled run read "Finished after 207 steps" beside a bar at 207 / 400, and a run that
// failed before its first step "Finished after 0 steps · 0.0 samples/s".
TEST(LiveDashboard, ARunThatDidNotFinishSaysWhereItStopped) {
    ui::EngineBridge engine;
    ui::LiveDashboard dashboard(engine);
    dashboard.startRun(21, "cancelled one", 400);
    QVector<StepMetrics> steps;
    for (qint64 index = 0; index < 207; ++index) steps.push_back(stepAt(index));
    dashboard.appendSteps(steps);
    dashboard.finishRun(21, "cancelled", QString());
    RunSummary summary;
    summary.steps = 207;
    summary.meanSamplesPerSec = 443.8;
    dashboard.showSummary(21, summary);
    EXPECT_TRUE(dashboard.etaText().startsWith(QStringLiteral("Stopped after 207 of 400 steps · 443.8 samples/s")))
        << dashboard.etaText().toStdString();

    dashboard.startRun(22, "failed at once", 400);
    dashboard.finishRun(22, "failed", QStringLiteral("rank 1 could not join"));
    dashboard.showSummary(22, RunSummary{});
    EXPECT_EQ(dashboard.etaText(), QString());
}

}  // namespace
}  // namespace bb
