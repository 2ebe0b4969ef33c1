#include "widgets/screenshots.h"

#include <QImage>
#include <QProgressBar>
#include <QSpinBox>
#include <QTest>

#include <gtest/gtest.h>

#include "adapters/engine_bridge.h"
#include "bridgebench/result_store.h"
#include "charts/time_series_chart.h"
#include "support/temp_dir.h"
#include "widgets/live_dashboard.h"
#include "widgets/config_form.h"
#include "widgets/main_window.h"
#include "widgets/run_panel.h"
#include "runs_read.h"

namespace bb {
namespace {

TEST(Screenshots, SavesEveryMainViewAtTheAskedSizeWithTheNewestRunShown) {
    test::TempDir dir;
    const auto db = dir.file("shots.db");
    {
        ResultStore store(db);
        RunRecord run;
        run.name = "stored run";
        run.model = "tiny";
        const auto id = store.createRun(run);
        std::vector<StepMetrics> steps(8);
        for (std::size_t i = 0; i < steps.size(); ++i) {
            steps[i].step = static_cast<std::int64_t>(i);
            steps[i].wallMs = 20;
            steps[i].samples = 4;
            steps[i].samplesPerSec = 200;
        }
        store.appendSteps(id, steps);
    }
    ui::MainWindow window(QString::fromStdString(db.string()));
    ASSERT_TRUE(test::waitForRuns(*window.store()));
    window.show();
    const QStringList files = ui::saveScreenshots(window, QString::fromStdString(dir.file("out").string()), {1000, 700});
    ASSERT_EQ(files.size(), 3);
    for (const auto& file : files) {
        const QImage image(file);
        ASSERT_FALSE(image.isNull()) << file.toStdString();
        // The asked size, unless the window's layout needs more.
        EXPECT_EQ(image.size(), window.size() * window.devicePixelRatio()) << file.toStdString();
        EXPECT_GE(image.width(), 1000);
    }
    EXPECT_EQ(window.dashboard()->throughputChart()->points(ui::LiveDashboard::kRawTrack).size(), 8u);
}

TEST(Screenshots, SavesTheRunTabMidWayThroughARun) {
    test::TempDir dir;
    ui::MainWindow window(QString::fromStdString(dir.file("live.db").string()));
    ASSERT_TRUE(test::waitForRuns(*window.store()));
    window.show();
    auto* steps = qobject_cast<QSpinBox*>(window.runPanel()->form()->editor("steps"));
    auto* batch = qobject_cast<QSpinBox*>(window.runPanel()->form()->editor("batch_size"));
    ASSERT_TRUE(steps && batch);
    steps->setValue(20);
    batch->setValue(2);
    QString saved;
    bool done = false;
    int stepsShown = 0;
    ui::saveLiveScreenshot(window, QString::fromStdString(dir.file("out").string()), [&](const QString& file) {
        saved = file;
        done = true;
        stepsShown = window.dashboard()->progressBar()->value();
    });
    ASSERT_TRUE(QTest::qWaitFor([&] { return done; }, 120'000));
    ASSERT_FALSE(saved.isEmpty());
    EXPECT_TRUE(saved.endsWith("live.png"));
    EXPECT_FALSE(QImage(saved).isNull());
    EXPECT_GE(stepsShown, 10);
    EXPECT_LT(stepsShown, 20) << "taken after the run, not during it";
    ASSERT_TRUE(QTest::qWaitFor([&] { return !window.engine()->isRunning(); }, 60'000));
}

}  // namespace
}  // namespace bb
