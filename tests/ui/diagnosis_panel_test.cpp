#include "widgets/diagnosis_panel.h"

#include <QLabel>
#include <QTableWidget>

#include <gtest/gtest.h>

#include "bridgebench/result_store.h"
#include "support/temp_dir.h"
#include "widgets/main_window.h"
#include "widgets/runs_browser.h"

namespace bb::ui {
namespace {

// Loading (60 ms a batch) takes longer than compute (20 ms) and the training thread loads
// itself: an input-bound CPU run.
RunRecord slowLoadingRun() {
    RunRecord run;
    run.name = "slow loading";
    run.status = RunStatus::Completed;
    run.deviceKind = "cpu";
    run.model = "tiny";
    run.batchSize = 16;
    run.workers = 0;
    run.config = {{"warmup_steps", 1}};
    run.environment = {{"logical_cores", 2}, {"intra_op_threads", 2}};
    run.summary = {{"median_samples_per_s", 200.0}};
    return run;
}

std::vector<StepMetrics> slowLoadingSteps() {
    std::vector<StepMetrics> steps;
    for (int i = 0; i < 8; ++i) {
        StepMetrics step;
        step.step = i;
        step.samples = 16;
        step.loadMs = 60;
        step.readMs = 10;
        step.decodeMs = 40;
        step.transformMs = 10;
        step.dataWaitMs = 60;
        step.forwardMs = 8;
        step.backwardMs = 12;
        step.wallMs = 80;
        step.samplesPerSec = samplesPerSecond(16, 80);
        steps.push_back(step);
    }
    return steps;
}

QString noteOf(QTableWidget* table, int row) { return table->item(row, 4)->text(); }

TEST(DiagnosisPanel, ShowsTheBoundThePredictionsAndTheRunsOwnSetting) {
    DiagnosisPanel panel;
    panel.showRun(slowLoadingRun(), slowLoadingSteps());
    EXPECT_TRUE(panel.headline()->text().contains("input-bound")) << panel.headline()->text().toStdString();
    auto* table = panel.predictions();
    EXPECT_FALSE(table->isHidden());
    ASSERT_EQ(table->rowCount(), 6);  // workers 0, 1, 2 × device transforms off, on
    int measured = 0;
    int recommended = 0;
    for (int row = 0; row < table->rowCount(); ++row) {
        measured += noteOf(table, row).contains("this run's setting");
        recommended += noteOf(table, row).contains("recommended");
    }
    EXPECT_EQ(measured, 1);
    EXPECT_EQ(recommended, 1);
    // Input-bound with the training thread loading: the recommendation adds workers.
    EXPECT_FALSE(noteOf(table, 0).contains("recommended"));
}

TEST(DiagnosisPanel, SaysWhyARunWithoutABreakdownHasNoDiagnosis) {
    DiagnosisPanel panel;
    panel.showRun(slowLoadingRun(), slowLoadingSteps());
    std::vector<StepMetrics> wallClockOnly(3);
    for (auto& step : wallClockOnly) step.wallMs = 40;
    panel.showRun(slowLoadingRun(), wallClockOnly);
    EXPECT_TRUE(panel.predictions()->isHidden());
    EXPECT_EQ(panel.predictions()->rowCount(), 0);
}

TEST(DiagnosisPanel, FollowsTheRunSelectedInTheRunsTab) {
    test::TempDir dir;
    const auto db = dir.file("diagnosis.db");
    std::int64_t runId = 0;
    {
        ResultStore store(db);
        runId = store.createRun(slowLoadingRun());
        const auto steps = slowLoadingSteps();
        store.appendSteps(runId, steps);
    }
    MainWindow window(QString::fromStdString(db.string()));
    window.runsBrowser()->selectRuns({runId});
    EXPECT_TRUE(window.diagnosisPanel()->headline()->text().contains("slow loading"));
    EXPECT_EQ(window.diagnosisPanel()->predictions()->rowCount(), 6);
    window.runsBrowser()->selectRuns({});
    EXPECT_TRUE(window.diagnosisPanel()->predictions()->isHidden());
}

}  // namespace
}  // namespace bb::ui
