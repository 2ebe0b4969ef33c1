#include "widgets/diagnosis_panel.h"

#include <filesystem>

#include <QLabel>
#include <QSplitter>
#include <QStyle>
#include <QTabWidget>
#include <QTableWidget>

#include <QTest>

#include <gtest/gtest.h>

#include "bridgebench/result_store.h"
#include "support/hand_edit.h"
#include "support/numbered_steps.h"
#include "support/temp_dir.h"
#include "widgets/main_window.h"
#include "widgets/runs_browser.h"
#include "support/stored_summary.h"
#include "runs_read.h"

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
    run.config = nlohmann::json{{"warmup_steps", 1}}.get<RunSettings>();
    run.environment = nlohmann::json{{"logical_cores", 2}, {"intra_op_threads", 2}}.get<RunEnvironment>();
    run.summary = bb::test::storedSummary(nlohmann::json{{"median_samples_per_s", 200.0}});
    return run;
}

// Eight steps like `pattern`, numbered.
std::vector<StepMetrics> eightSteps(StepMetrics pattern) { return test::numberedSteps(8, pattern); }

std::vector<StepMetrics> slowLoadingSteps() {
    StepMetrics step;
    step.samples = 16;
    step.loadMs = 60;
    step.readMs = 10;
    step.decodeMs = 40;
    step.transformMs = 10;
    step.dataWaitMs = 60;
    step.forwardMs = 8;
    step.backwardMs = 12;
    step.wallMs = 80;
    return eightSteps(step);
}

// The slow-loading run and its steps, stored in `db`; returns its id.
std::int64_t storeSlowLoadingRun(const std::filesystem::path& db) {
    ResultStore store(db);
    const std::int64_t id = store.createRun(slowLoadingRun());
    const auto steps = slowLoadingSteps();
    store.appendSteps(id, steps);
    return id;
}

QString noteOf(QTableWidget* table, int row) { return table->item(row, table->columnCount() - 1)->text(); }

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
    // Each setting says the compute threads it gets: two cores less its workers, at least one.
    ASSERT_EQ(table->horizontalHeaderItem(1)->text(), "Compute threads");
    for (int row = 0; row < table->rowCount(); ++row)
        EXPECT_EQ(table->item(row, 1)->text().toInt(), std::max(1, 2 - table->item(row, 0)->text().toInt())) << row;
    // Input-bound with the training thread loading: the recommendation adds workers.
    EXPECT_FALSE(noteOf(table, 0).contains("recommended"));
}

// On a GPU the compute threads do not change the step: the window showed "compute threads 14"
// in the H200 runs' recommendation and a column of counts that meant nothing there.
TEST(DiagnosisPanel, AGpuRunsSettingsDoNotNameComputeThreads) {
    RunRecord run = slowLoadingRun();
    run.deviceKind = "cuda";
    run.deviceName = "H200";
    run.environment = nlohmann::json{{"logical_cores", 16}, {"intra_op_threads", 14}}.get<RunEnvironment>();
    DiagnosisPanel panel;
    panel.showRun(run, slowLoadingSteps());
    auto* table = panel.predictions();
    ASSERT_FALSE(table->isHidden());
    ASSERT_EQ(table->horizontalHeaderItem(1)->text(), "Compute threads");
    EXPECT_TRUE(table->isColumnHidden(1));
    const QString explanation = panel.explanation()->text();
    EXPECT_TRUE(explanation.contains("Recommended: workers")) << explanation.toStdString();
    EXPECT_FALSE(explanation.contains("compute threads")) << explanation.toStdString();
    // The same panel on a CPU run shows them again.
    panel.showRun(slowLoadingRun(), slowLoadingSteps());
    EXPECT_FALSE(table->isColumnHidden(1));
    EXPECT_TRUE(panel.explanation()->text().contains("compute threads"));
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

// Two ranks whose steps wait 30 of 80 ms for the gradient all-reduce.
TEST(DiagnosisPanel, ACommunicationBoundRunShowsItsAllReduceWaitAndOtherRankCounts) {
    RunRecord run = slowLoadingRun();
    run.name = "two ranks";
    run.deviceCount = 2;
    run.workers = 1;
    run.summary = bb::test::storedSummary(nlohmann::json{{"median_samples_per_s", 400.0}, {"distributed", {{"allreduce_full_ms", 27.5}}}});
    StepMetrics step;
    step.samples = 32;
    step.loadMs = 5;
    step.forwardMs = 20;
    step.backwardMs = 30;
    step.commMs = 30;
    step.wallMs = 80;
    const std::vector<StepMetrics> steps = eightSteps(step);
    DiagnosisPanel panel;
    panel.showRun(run, steps);
    EXPECT_TRUE(panel.headline()->text().contains("communication-bound")) << panel.headline()->text().toStdString();
    const QString explanation = panel.explanation()->text();
    EXPECT_TRUE(explanation.contains("all-reduce")) << explanation.toStdString();
    EXPECT_TRUE(explanation.contains("27.5")) << explanation.toStdString();
    auto* ranks = panel.rankPredictions();
    EXPECT_FALSE(ranks->isHidden());
    ASSERT_EQ(ranks->rowCount(), 4);  // 1, 2, 4, 8 ranks
    EXPECT_EQ(ranks->item(0, 0)->text(), "1");
    EXPECT_EQ(ranks->item(0, 2)->text(), "0.0");  // one rank waits on no one
    EXPECT_TRUE(ranks->item(1, 3)->text().contains("this run (measured 400.0)")) << ranks->item(1, 3)->text().toStdString();
    EXPECT_EQ(ranks->item(3, 0)->text(), "8");

    // A single-process run has no rank table.
    panel.showRun(slowLoadingRun(), slowLoadingSteps());
    EXPECT_TRUE(panel.rankPredictions()->isHidden());
}

// Side by side under a 1280 px window's runs table, the settings table's note ("this run's
// setting (measured …)") was cut to "this run's setting …" while the rank table beside it had
// room to spare: each took half.
TEST(DiagnosisPanel, BesideTheRankTableTheSettingsNotesAreNotCut) {
    RunRecord run = slowLoadingRun();
    run.name = "two ranks";
    run.deviceCount = 2;
    run.workers = 1;
    run.summary = bb::test::storedSummary(nlohmann::json{{"median_samples_per_s", 904.8}, {"distributed", {{"allreduce_full_ms", 0.7}}}});
    StepMetrics step;
    step.samples = 32;
    step.loadMs = 12.8;
    step.forwardMs = 1;
    step.backwardMs = 1.2;
    step.commMs = 11;
    step.wallMs = 18;
    DiagnosisPanel panel;
    panel.showRun(run, eightSteps(step));
    panel.resize(1258, 400);
    panel.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&panel));
    for (QTableWidget* table : {panel.predictions(), panel.rankPredictions()}) {
        ASSERT_FALSE(table->isHidden());
        const int note = table->columnCount() - 1;
        // As the style lays out an item's text: a margin each side.
        const int margin = table->style()->pixelMetric(QStyle::PM_FocusFrameHMargin, nullptr, table) + 1;
        const int room = table->viewport()->width() - table->columnViewportPosition(note) - 2 * margin;
        for (int row = 0; row < table->rowCount(); ++row) {
            const QTableWidgetItem* item = table->item(row, note);
            // Whole, on one line or wrapped onto as many as its row has room for.
            const QRect text = QFontMetrics(item->font()).boundingRect(QRect(0, 0, room, 1000), Qt::TextWordWrap, item->text());
            EXPECT_LE(text.width(), room) << item->text().toStdString();
            EXPECT_LE(text.height(), table->rowHeight(row))
                << item->text().toStdString() << " in a table " << table->width() << " px wide, a row " << table->rowHeight(row)
                << " px high";
        }
    }
    // Where there is room, on one line: the rank table beside it takes no more than it needs.
    const int note = panel.predictions()->columnCount() - 1;
    const QTableWidgetItem* measured = panel.predictions()->findItems("this run's setting (measured 904.8)", Qt::MatchStartsWith).value(0);
    ASSERT_NE(measured, nullptr);
    panel.resize(1400, 400);
    QCoreApplication::processEvents();
    const int margin = panel.style()->pixelMetric(QStyle::PM_FocusFrameHMargin, nullptr, panel.predictions()) + 1;
    EXPECT_GE(panel.predictions()->viewport()->width() - panel.predictions()->columnViewportPosition(note),
              QFontMetrics(measured->font()).horizontalAdvance(measured->text()) + 2 * margin);
}

TEST(DiagnosisPanel, FollowsTheRunSelectedInTheRunsTab) {
    test::TempDir dir;
    const auto db = dir.file("diagnosis.db");
    const std::int64_t runId = storeSlowLoadingRun(db);
    MainWindow window(QString::fromStdString(db.string()));
    ASSERT_TRUE(test::waitForRuns(*window.store()));
    window.runsBrowser()->selectRuns({runId});
    // The steps are read off the UI thread (200,000 took 0.5 s on it): the selection returns first.
    EXPECT_TRUE(window.diagnosisPanel()->isReading());
    EXPECT_FALSE(window.diagnosisPanel()->headline()->text().contains("slow loading"));
    ASSERT_TRUE(QTest::qWaitFor([&] { return !window.diagnosisPanel()->isReading(); }, 10'000));
    EXPECT_TRUE(window.diagnosisPanel()->headline()->text().contains("slow loading"));
    EXPECT_EQ(window.diagnosisPanel()->predictions()->rowCount(), 6);
    window.runsBrowser()->selectRuns({});
    EXPECT_TRUE(window.diagnosisPanel()->predictions()->isHidden());
}

// Seen on a hand-edited database: selecting a run whose stored median was "fast" ended the
// window (nlohmann's type_error, thrown through the event loop).
TEST(DiagnosisPanel, ARunWithAnUnreadableStoredValueIsDiagnosedWithoutItAndSaysWhatWasLeftOut) {
    test::TempDir dir;
    const auto db = dir.file("edited.db");
    const std::int64_t runId = storeSlowLoadingRun(db);
    test::handEditRunColumn(db, runId, "summary_json", R"({"median_samples_per_s": "fast"})");
    MainWindow window(QString::fromStdString(db.string()));
    ASSERT_TRUE(test::waitForRuns(*window.store()));
    window.runsBrowser()->selectRuns({runId});
    ASSERT_TRUE(QTest::qWaitFor([&] { return !window.diagnosisPanel()->isReading(); }, 10'000));
    EXPECT_TRUE(window.diagnosisPanel()->headline()->text().contains("slow loading"));
    EXPECT_EQ(window.diagnosisPanel()->predictions()->rowCount(), 6);
    // No measured figure beside its own setting, rather than "measured 0.0".
    QStringList notes;
    for (int row = 0; row < 6; ++row) notes << noteOf(window.diagnosisPanel()->predictions(), row);
    EXPECT_TRUE(notes.join('|').contains("this run's setting")) << notes.join('|').toStdString();
    EXPECT_FALSE(notes.join('|').contains("measured")) << notes.join('|').toStdString();
    const QAbstractItemModel* runs = window.runsBrowser()->view()->model();
    QString tip;
    for (int row = 0; row < runs->rowCount(); ++row)
        if (runs->index(row, 0).data().toString() == "slow loading") tip = runs->index(row, 0).data(Qt::ToolTipRole).toString();
    EXPECT_TRUE(tip.contains("summary key 'median_samples_per_s' holds \"fast\"")) << tip.toStdString();
}

// With no run selected the pane says so in a line and the runs table takes the room; a
// selection gives it half back, or the height the user dragged it to. Between selections the
// room stays, so the buttons under the table do not move between two clicks.
TEST(DiagnosisPanel, TakesRoomInTheRunsTabOnlyWhileARunIsSelected) {
    test::TempDir dir;
    const auto db = dir.file("diagnosis.db");
    std::int64_t diagnosable = 0, wallClockOnly = 0;
    {
        ResultStore store(db);
        diagnosable = store.createRun(slowLoadingRun());
        store.appendSteps(diagnosable, slowLoadingSteps());
        RunRecord imported = slowLoadingRun();
        imported.name = "imported";
        wallClockOnly = store.createRun(imported);
    }
    MainWindow window(QString::fromStdString(db.string()));
    ASSERT_TRUE(test::waitForRuns(*window.store()));
    window.resize(1000, 700);
    window.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&window));
    window.tabs()->setCurrentIndex(1);
    auto* splitter = window.findChild<QSplitter*>("runsSplitter");
    ASSERT_NE(splitter, nullptr);
    const auto pane = [&] { return splitter->sizes().at(1); };
    const auto total = [&] { return splitter->sizes().at(0) + splitter->sizes().at(1); };
    const auto select = [&](const QVector<qint64>& runIds) {
        window.runsBrowser()->selectRuns(runIds);
        ASSERT_TRUE(QTest::qWaitFor([&] { return !window.diagnosisPanel()->isReading(); }, 10'000));
    };
    // The headline and a line or two of why: a sixth of the window would hold it twice.
    const int compact = window.diagnosisPanel()->headline()->height() * 6;
    EXPECT_LT(pane(), compact) << "nothing selected, of " << total();

    select({diagnosable});
    const int half = pane();
    EXPECT_NEAR(half, total() / 2, 1);
    EXPECT_GT(window.diagnosisPanel()->predictions()->height(), 4 * window.diagnosisPanel()->headline()->height());
    select({wallClockOnly});
    EXPECT_EQ(pane(), half) << "a run without a breakdown keeps the room";
    select({diagnosable, wallClockOnly});
    EXPECT_EQ(pane(), half) << "two runs keep it too";
    select({});
    EXPECT_LT(pane(), compact) << "none again, of " << total();

    // The user drags the handle up: that height comes back after the next time none is selected.
    select({diagnosable});
    QSplitterHandle* handle = splitter->handle(1);
    const QPoint grip = handle->rect().center();
    QTest::mousePress(handle, Qt::LeftButton, {}, grip);
    QTest::mouseMove(handle, grip - QPoint(0, 80));
    QTest::mouseRelease(handle, Qt::LeftButton, {}, grip - QPoint(0, 80));
    const int dragged = pane();
    ASSERT_GT(dragged, half + 40);
    select({});
    EXPECT_LT(pane(), compact);
    select({wallClockOnly});
    EXPECT_EQ(pane(), dragged);

    // Resizing the window keeps an empty pane compact.
    select({});
    window.resize(1000, 900);
    ASSERT_TRUE(QTest::qWaitFor([&] { return splitter->height() > 700; }, 5'000));
    EXPECT_LT(pane(), compact) << "of " << total();
}

}  // namespace
}  // namespace bb::ui
