#include "widgets/live_dashboard.h"

#include <QProgressBar>

#include <gtest/gtest.h>

#include "adapters/engine_bridge.h"

namespace bb {
namespace {

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

}  // namespace
}  // namespace bb
