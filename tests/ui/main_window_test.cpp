#include "widgets/main_window.h"

#include <QPushButton>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTest>

#include <gtest/gtest.h>

#include "adapters/engine_bridge.h"
#include "bridgebench/result_store.h"
#include "charts/throughput_chart.h"
#include "support/temp_dir.h"
#include "widgets/run_form.h"

namespace bb {
namespace {

TEST(MainWindow, StartRunGrowsTheChartAndStopStoresTheRun) {
    test::TempDir dir;
    const QString db = QString::fromStdString(dir.file("gui.db").string());
    ui::MainWindow window(db);
    window.show();

    window.runForm()->stepsBox()->setValue(100000);
    window.runForm()->batchSizeBox()->setValue(4);
    QSignalSpy finished(window.engine(), &ui::EngineBridge::runFinished);
    auto* start = window.findChild<QPushButton*>("start");
    auto* stop = window.findChild<QPushButton*>("stop");
    ASSERT_TRUE(start && stop);
    QTest::mouseClick(start, Qt::LeftButton);
    ASSERT_TRUE(stop->isEnabled());

    // The chart grows while the run goes: wait on it with a bound, never a fixed sleep.
    EXPECT_TRUE(QTest::qWaitFor([&] { return window.throughputChart()->pointCount() >= 5; }, 60'000));
    QTest::mouseClick(stop, Qt::LeftButton);
    ASSERT_TRUE(finished.count() > 0 || finished.wait(60'000));
    EXPECT_EQ(finished.first().at(1).toString(), "cancelled");
    EXPECT_TRUE(start->isEnabled());

    ResultStore store(dir.file("gui.db"));
    const auto run = store.findRun(window.engine()->runId());
    ASSERT_TRUE(run);
    EXPECT_EQ(run->status, RunStatus::Cancelled);
    EXPECT_EQ(run->batchSize, 4);
    // Every step the chart drew is in the database.
    EXPECT_GE(store.stepCount(run->id), window.throughputChart()->pointCount());
    EXPECT_GE(window.throughputChart()->pointCount(), 5);
}

TEST(MainWindow, CompletedRunReportsCompleted) {
    test::TempDir dir;
    ui::MainWindow window(QString::fromStdString(dir.file("gui.db").string()));
    window.runForm()->stepsBox()->setValue(4);
    window.runForm()->batchSizeBox()->setValue(2);
    QSignalSpy finished(window.engine(), &ui::EngineBridge::runFinished);
    QTest::mouseClick(window.findChild<QPushButton*>("start"), Qt::LeftButton);
    ASSERT_TRUE(finished.wait(60'000));
    EXPECT_EQ(finished.first().at(1).toString(), "completed");
    EXPECT_EQ(window.throughputChart()->pointCount(), 4);
}

}  // namespace
}  // namespace bb
