#include "widgets/compare_view.h"

#include <QGraphicsScene>
#include <QGraphicsTextItem>
#include <QGraphicsView>
#include <QLabel>
#include <QRegularExpression>
#include <QSet>
#include <QStandardItemModel>
#include <QTableView>
#include <QTest>

#include <cmath>
#include <filesystem>

#include <fmt/format.h>
#include <gtest/gtest.h>

#include "adapters/run_store.h"
#include "bridgebench/bridgetower_config.h"
#include "bridgebench/model_info.h"
#include "bridgebench/result_store.h"
#include "bridgebench/study_runs.h"
#include "charts/compare_chart.h"
#include "charts/time_series_chart.h"
#include "support/measured_reference.h"
#include "support/numbered_steps.h"
#include "support/stored_cpu_run.h"
#include "support/temp_dir.h"
#include "support/stored_summary.h"
#include "bridgebench/run_import.h"
#include "runs_read.h"

namespace bb::ui::compare_view_test {
namespace {

// Measured reference runs this build ships (core/references/): every database has them.
int shipped() { return static_cast<int>(test::shippedMeasuredRunCount()); }

// A run of the study's workload (BridgeTower-large, bf16, batch 48) on one "Test GPU", as a
// measured table holds it: completed, with four steps.
RunData measuredLargeRun(const std::string& uuid, const std::string& name, int workers, bool deviceTransforms,
                         double medianSamplesPerSec) {
    RunData measured;
    measured.run.uuid = uuid;
    measured.run.name = name;
    measured.run.status = RunStatus::Completed;
    measured.run.deviceKind = "cuda";
    measured.run.deviceName = "Test GPU";
    measured.run.model = "large";
    measured.run.precision = "bf16";
    measured.run.batchSize = 48;
    measured.run.workers = workers;
    measured.run.deviceTransforms = deviceTransforms;
    // As the engine records its config: a reference says its worker count there.
    measured.run.config = nlohmann::json{{"model", "large"}, {"batch_size", 48}, {"precision", "bf16"}, {"workers", workers},
                                         {"device_transforms", deviceTransforms}}
                              .get<RunSettings>();
    measured.run.summary = bb::test::storedSummary(nlohmann::json{{"median_samples_per_s", medianSamplesPerSec}});
    measured.run.createdAt = "2026-12-02T10:00:00Z";
    measured.steps.resize(4);
    for (std::size_t index = 0; index < measured.steps.size(); ++index) {
        measured.steps[index].step = static_cast<std::int64_t>(index);
        measured.steps[index].samples = 48;
        measured.steps[index].wallMs = 320;
        measured.steps[index].samplesPerSec = samplesPerSecond(48, 320);
    }
    return measured;
}

TEST(CompareView, ShowsTheStudyWithSpeedupsAgainstTheA100) {
    test::TempDir dir;
    RunStore store;
    ASSERT_TRUE(test::openAndRead(store, QString::fromStdString(dir.file("compare.db").string())));
    CompareView view(store);
    view.showStudy();
    // The ten August figures and the measured tables this build ships, which stand beside them.
    const int runs = 10 + shipped();
    EXPECT_EQ(view.runIds().size(), runs);
    EXPECT_EQ(view.comparison().baselineLabel, "8× A100 80GB");
    // The study's own totals: a shipped table measured on one device opens the tab per device
    // (ShowsAMeasuredTableBesideTheStudyPerDeviceAgainstTheA100).
    view.setMetric(CompareMetric::SamplesPerSec);
    const QStringList labels = view.chart()->barLabels();
    EXPECT_EQ(labels.size(), runs);
    EXPECT_TRUE(labels.contains("768.7\n×2.23"));
    EXPECT_TRUE(labels.contains("847.7"));  // no A100 media-pipeline figure to compare with
    EXPECT_EQ(view.tableModel()->rowCount(), runs);
    // The media pipeline's row says why it has no speedup rather than leaving the cell blank.
    constexpr int kSpeedupColumn = 3;
    int mediaRow = -1;
    for (int row = 0; row < view.tableModel()->rowCount(); ++row)
        if (view.tableModel()->item(row, 1)->text() == "workers 2 + media pipeline") mediaRow = row;
    ASSERT_GE(mediaRow, 0);
    EXPECT_EQ(view.tableModel()->horizontalHeaderItem(kSpeedupColumn)->text(), "Speedup");
    EXPECT_EQ(view.tableModel()->item(mediaRow, kSpeedupColumn)->text(), "n/a");
    EXPECT_EQ(view.tableModel()->item(mediaRow, kSpeedupColumn)->toolTip(),
              "8× A100 80GB has no run with workers 2 + media pipeline to compare against");
    EXPECT_EQ(view.tableModel()->item(mediaRow == 0 ? 1 : 0, kSpeedupColumn)->toolTip(), "");
    // Round ticks over the tallest bar (847.7) and its label's headroom, not 254.3, 508.6, …
    const auto ticks = view.chart()->valueTicks();
    EXPECT_EQ(ticks.min, 0);
    EXPECT_EQ(ticks.max, 1250);
    EXPECT_EQ(ticks.count, 6);
    EXPECT_EQ(ticks.labelFormat, "%.0f");
}

// A table measured on one device with the study's workload otherwise, as device-check.sh's
// grid is now (captions of 128 tokens): it stands beside the study, each device per device
// against the A100. The H200 table this build ships fed 40-token captions, which samples/s per
// device would not hold out: the study is compared in TFLOP/s per device while it is there.
TEST(CompareView, ShowsAMeasuredTableBesideTheStudyPerDeviceAgainstTheA100) {
    test::TempDir dir;
    const auto file = dir.file("compare.db");
    RunData measured = measuredLargeRun("7d1e0b8a-3f52-4c9e-b6a1-2e8f0c4d5a71", "large bf16 b48 w0", 0, false, 150.0);
    measured.run.config.textLength = 128;
    test::addMeasuredReferenceTable(file, "5c2a9e1d-0b7f-4e36-a8d4-1f9b3c6e2d80", "2 Dec 2026", {measured});

    RunStore store;
    ASSERT_TRUE(test::openAndRead(store, QString::fromStdString(file.string())));
    CompareView view(store);
    view.showStudy();
    // The ten published figures, this test's table and whatever tables this build ships.
    ASSERT_GE(view.runIds().size(), 11);
    ASSERT_EQ(shipped(), 6) << "the shipped tables changed: this test's expectations follow the H200 table of 4 Dec 2026";
    EXPECT_EQ(view.comparison().unit, "TFLOP/s per device");
    EXPECT_EQ(view.comparison().baselineLabel, "8× A100 80GB");
    EXPECT_EQ(view.reasonText(), "The runs BridgeBench measured differ from the study's workload (text length 40 vs "
                                 "128; devices 1 vs 8), so runs are compared in achieved TFLOP/s per device; MFU is "
                                 "beside it.");
    // One table per device: no dates are needed to keep devices apart.
    EXPECT_TRUE(view.comparison().categories.contains("1× Test GPU"));
    EXPECT_TRUE(view.comparison().categories.contains("8× A100 80GB"));
    const auto entry = std::find_if(view.comparison().entries.begin(), view.comparison().entries.end(),
                                    [](const auto& each) { return each.category == "1× Test GPU"; });
    ASSERT_NE(entry, view.comparison().entries.end());
    EXPECT_EQ(entry->runName, "1x Test GPU · workers 0 (2 Dec 2026)");
    EXPECT_TRUE(entry->reference);
    // The same count per sample as the study's figures (128 tokens, 294 px): TFLOP/s per device
    // ranks as samples/s per device does.
    const double gflopPerSample = modelInfo(bridgeTowerPreset("large"), 128).trainingFlopsPerSample / 1e9;
    EXPECT_NEAR(entry->value, 150.0 * gflopPerSample / 1e3, 1e-6);
    EXPECT_NEAR(entry->speedup, 150.0 / (227.5 / 8), 1e-9);
    // Per device, its one device against the study's eight is held out, not another workload:
    // its bar has no dagger, and the table says what the metric holds out.
    EXPECT_FALSE(entry->workloadDiffers);
    EXPECT_EQ(entry->workloadHeldOut, "devices 1 vs 8");
    EXPECT_TRUE(view.chart()->barLabels().contains(QString("%1\n×5.27").arg(entry->value, 0, 'f', 1)))
        << view.chart()->barLabels().join(" | ").toStdString();
    bool sawRow = false;
    for (int row = 0; row < view.tableModel()->rowCount(); ++row) {
        if (view.tableModel()->index(row, 0).data().toString() != "1× Test GPU") continue;
        sawRow = true;
        EXPECT_EQ(view.tableModel()->index(row, 6).data().toString(), "same (held out: devices 1 vs 8)");
        // A table BridgeBench measured is not the study's: its source says so beside the run.
        EXPECT_EQ(view.tableModel()->horizontalHeaderItem(8)->text(), "Source");
        EXPECT_EQ(view.tableModel()->index(row, 8).data().toString(), "measured by BridgeBench");
    }
    for (int row = 0; row < view.tableModel()->rowCount(); ++row)
        if (view.tableModel()->index(row, 0).data().toString() == "8× A100 80GB")
            EXPECT_EQ(view.tableModel()->index(row, 8).data().toString(), "published study");
    EXPECT_TRUE(sawRow);
}

// device-check.sh's grid as a table: six runs named "1x Test GPU · workers … (2 Dec 2026)". Their
// per-step lines were six legend entries cut to "1x Te…" in five colours, the sixth repeating the
// first; now each is named and coloured as its configuration's bars.
TEST(CompareView, AMeasuredGridsStepLinesAreNamedAndColouredAsTheirBars) {
    test::TempDir dir;
    const auto file = dir.file("compare.db");
    std::vector<RunData> grid;
    for (const bool deviceTransforms : {false, true}) {
        for (const int workers : {0, 1, 2}) {
            grid.push_back(measuredLargeRun(fmt::format("7d1e0b8a-3f52-4c9e-b6a1-2e8f0c4d5a{}{}", deviceTransforms ? 1 : 0, workers),
                                            fmt::format("large w{} dt{}", workers, deviceTransforms), workers,
                                            deviceTransforms, 100.0 + 10 * workers + (deviceTransforms ? 5 : 0)));
        }
    }
    test::addMeasuredReferenceTable(file, "5c2a9e1d-0b7f-4e36-a8d4-1f9b3c6e2d81", "2 Dec 2026", grid);

    RunStore store;
    ASSERT_TRUE(test::openAndRead(store, QString::fromStdString(file.string())));
    QVector<qint64> ids;
    for (const auto& run : store.runs())
        if (run.deviceName == "Test GPU") ids.append(run.id);
    ASSERT_EQ(ids.size(), 6);
    CompareView view(store);
    view.setRuns(ids);
    // Wide enough for the whole title.
    view.resize(1600, 700);
    view.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&view));
    ASSERT_TRUE(QTest::qWaitFor([&] { return !view.isReadingSteps(); }, 10'000));
    const QStringList names = view.overlay()->seriesNames();
    EXPECT_EQ(names, QStringList({"workers 0", "workers 1", "workers 2", "workers 0 + device-side loading",
                                  "workers 1 + device-side loading", "workers 2 + device-side loading"}));
    QSet<QRgb> colours;
    for (int track = 0; track < view.overlay()->trackCount(); ++track) {
        const QColor bar = view.chart()->configurationColour(names[track]);
        ASSERT_TRUE(bar.isValid()) << names[track].toStdString();
        EXPECT_EQ(view.overlay()->trackColour(track), bar) << names[track].toStdString();
        colours.insert(bar.rgb());
    }
    EXPECT_EQ(colours.size(), names.size());
    // Six names would be cut in a legend this narrow; the bars' legend above says the colours.
    EXPECT_FALSE(view.overlay()->isLegendVisible());
    EXPECT_EQ(view.overlay()->title(), "samples/s per step, coloured as the bars");
    // Two lines too: beside a wide table the chart cut even "workers 0" to "worker…".
    view.setRuns({ids[0], ids[1]});
    ASSERT_TRUE(QTest::qWaitFor([&] { return !view.isReadingSteps(); }, 10'000));
    EXPECT_EQ(view.overlay()->trackCount(), 2);
    EXPECT_FALSE(view.overlay()->isLegendVisible());
}

// Comparing runs reads all their steps (200,000 took 0.5 s here): off the UI thread, so
// setRuns returns with the bars and table drawn and the per-step chart saying it is reading.
TEST(CompareView, ThePerStepLinesAreReadOffTheUiThread) {
    test::TempDir dir;
    const auto file = dir.file("compare.db");
    QVector<qint64> ids;
    for (const char* name : {"first", "second"}) {
        ids.append(test::storeCompletedCpuRun(file, name, 0));
        std::vector<StepMetrics> steps(10);
        for (std::size_t index = 0; index < steps.size(); ++index) steps[index].step = static_cast<std::int64_t>(index);
        ResultStore(file).appendSteps(ids.back(), steps);
    }
    RunStore store;
    ASSERT_TRUE(test::openAndRead(store, QString::fromStdString(file.string())));
    CompareView view(store);
    view.setRuns(ids);
    EXPECT_EQ(view.comparison().entries.size(), 2u);
    EXPECT_TRUE(view.isReadingSteps());
    EXPECT_EQ(view.overlay()->trackCount(), 0);
    EXPECT_EQ(view.overlay()->emptyText(), "Reading the steps…");
    ASSERT_TRUE(QTest::qWaitFor([&] { return !view.isReadingSteps(); }, 10'000));
    EXPECT_EQ(view.overlay()->trackCount(), 2);
    EXPECT_EQ(view.overlay()->emptyText(), "No steps yet");
}

// A completed CPU run with `count` timed steps, stored in `file`.
qint64 storeRunWithSteps(const std::filesystem::path& file, const std::string& name, int count) {
    const qint64 id = test::storeCompletedCpuRun(file, name, 0);
    StepMetrics step;
    step.samples = 8;
    step.wallMs = 25;
    const auto steps = test::numberedSteps(count, step);
    ResultStore(file).appendSteps(id, steps);
    return id;
}

// The per-step chart put the samples/s of the tiny model beside BridgeTower-large's on one axis
// as if they were one unit, and an import's first logged step (no time before it) at 0.
TEST(CompareView, PerStepLinesOfOtherWorkAreMarkedAndAnUnknownStepIsNotDrawnAsZero) {
    test::TempDir dir;
    const auto file = dir.file("compare.db");
    RunData measured = measuredLargeRun("3b9e6f2a-8c41-4d7e-9a05-6e2f1c8b4d93", "large bf16 b48 w0", 0, false, 150.0);
    test::addMeasuredReferenceTable(file, "9f1c2e7b-4a6d-4b8e-8c3f-2d5a7e9b1c04", "2 Dec 2026", {measured});
    const qint64 tiny = test::storeCompletedCpuRun(file, "tiny import", 0);
    StepMetrics pattern;
    pattern.samples = 8;
    pattern.wallMs = 25;
    auto steps = test::numberedSteps(5, pattern);
    steps[0].wallMs = 0;
    steps[0].samplesPerSec = 0;
    ResultStore(file).appendSteps(tiny, steps);
    RunStore store;
    ASSERT_TRUE(test::openAndRead(store, QString::fromStdString(file.string())));
    qint64 large = 0;
    for (const auto& run : store.runs())
        if (isMeasuredReference(run) && run.deviceName == "Test GPU") large = run.id;
    ASSERT_GT(large, 0);
    CompareView view(store);
    view.resize(1600, 900);
    view.setRuns({tiny, large});
    ASSERT_TRUE(QTest::qWaitFor([&] { return !view.isReadingSteps(); }, 10'000));
    ASSERT_EQ(view.overlay()->trackCount(), 2);
    EXPECT_TRUE(view.overlay()->title().contains("†")) << view.overlay()->title().toStdString();
    EXPECT_TRUE(view.overlay()->toolTip().contains("not like for like")) << view.overlay()->toolTip().toStdString();
    const auto& points = view.overlay()->points(0);
    EXPECT_EQ(points.size(), 4u);
    for (const auto& point : points) EXPECT_GT(point.y(), 0) << "step " << point.x();
}

// Seen at 1024 × 768 on a new database: beside the study's table, whose Workload and Run
// columns were behind its scroll bar, a third of the width went to a per-step chart with axes
// of 0 to 1 and nothing to draw.
TEST(CompareView, PublishedFiguresAloneGiveTheTableThePerStepChartsRoom) {
    test::TempDir dir;
    const auto file = dir.file("compare.db");
    const qint64 local = storeRunWithSteps(file, "tiny b8 w0", 10);
    RunStore store;
    ASSERT_TRUE(test::openAndRead(store, QString::fromStdString(file.string())));
    QVector<qint64> published;
    for (const auto& run : store.runs())
        if (run.origin == RunOrigin::PublishedFigure) published.append(run.id);
    ASSERT_FALSE(published.isEmpty());
    CompareView view(store);
    view.setRuns(published);
    view.resize(990, 620);  // the window's width on a 1024 px screen, less its frame
    view.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&view));
    QCoreApplication::processEvents();
    EXPECT_FALSE(view.isReadingSteps());
    EXPECT_FALSE(view.overlay()->isVisibleTo(&view));
    QTableView* table = view.tableView();
    EXPECT_GE(table->width(), view.width() - 40);
    constexpr int kRun = 7;
    ASSERT_EQ(view.tableModel()->horizontalHeaderItem(kRun)->text(), "Run");
    EXPECT_LT(table->columnViewportPosition(kRun), table->viewport()->width());

    // A run with steps beside them brings the chart back, with its line (and those of the measured
    // tables this build ships, which the study's comparison brings along).
    view.compareWithStudy({local});
    QCoreApplication::processEvents();
    EXPECT_TRUE(view.overlay()->isVisibleTo(&view));
    ASSERT_TRUE(QTest::qWaitFor([&] { return !view.isReadingSteps(); }, 10'000));
    EXPECT_EQ(view.overlay()->trackCount(), 1 + shipped());
    EXPECT_GE(view.overlay()->width(), view.overlay()->minimumWidth());
    EXPECT_LT(table->width(), view.width() - view.overlay()->minimumWidth() + 1);

    // And the study alone again leaves it out.
    view.setRuns(published);
    QCoreApplication::processEvents();
    EXPECT_FALSE(view.overlay()->isVisibleTo(&view));
}

TEST(CompareView, MarksADifferentWorkloadInChartAndTable) {
    test::TempDir dir;
    RunStore store;
    ASSERT_TRUE(test::openAndRead(store, QString::fromStdString(dir.file("compare.db").string())));
    QVector<qint64> ids;
    for (const auto& run : store.runs())
        if (run.deviceName == "A100 80GB" && run.workers == 0) ids.append(run.id);  // Aug (48) and June (32)
    ASSERT_EQ(ids.size(), 2);
    CompareView view(store);
    view.setRuns(ids);
    view.setBaselineIndex(view.baselineChoices().indexOf("Run: " + QString::fromStdString(store.run(ids[0])->name)));
    int marked = 0;
    for (const auto& label : view.chart()->barLabels()) marked += label.endsWith("†") ? 1 : 0;
    EXPECT_EQ(marked, 1);
    int markedRows = 0;
    for (int row = 0; row < view.tableModel()->rowCount(); ++row)
        markedRows += view.tableModel()->index(row, 6).data().toString().startsWith("†") ? 1 : 0;
    EXPECT_EQ(markedRows, 1);
}

// A figure other processes bent is marked where it is read, and its tooltip says by how much.
TEST(CompareView, MarksTheFiguresOfARunMeasuredBesideOtherBusyProcesses) {
    test::TempDir dir;
    const auto file = dir.file("compare.db");
    const std::int64_t quiet = test::storeCompletedCpuRun(file, "quiet", 0);
    const std::int64_t busy = test::storeCompletedCpuRun(file, "beside a build", 1);
    {
        ResultStore raw(file);
        raw.finishRun(busy, RunStatus::Completed, "",
                      bb::test::storedSummary(
                          {{"median_samples_per_s", 20.0}, {"other_cpu_cores", 1.4}, {"other_cpu_cores_p95", 1.9}}));
    }
    RunStore store;
    ASSERT_TRUE(test::openAndRead(store, QString::fromStdString(file.string())));
    CompareView view(store);
    view.setRuns({quiet, busy});
    int marked = 0;
    for (int row = 0; row < view.tableModel()->rowCount(); ++row) {
        const auto* value = view.tableModel()->item(row, 2);
        const bool isBusy = view.tableModel()->item(row, 7)->text() == "beside a build";
        EXPECT_EQ(value->text().endsWith(QStringLiteral(" ‡")), isBusy) << value->text().toStdString();
        EXPECT_EQ(value->toolTip().startsWith(QStringLiteral("‡ other processes took 1.4 ")), isBusy)
            << value->toolTip().toStdString();
        marked += isBusy ? 1 : 0;
    }
    EXPECT_EQ(marked, 1);
}

TEST(CompareView, PerDeviceMetricDividesByTheDeviceCount) {
    test::TempDir dir;
    RunStore store;
    ASSERT_TRUE(test::openAndRead(store, QString::fromStdString(dir.file("compare.db").string())));
    CompareView view(store);
    view.showStudy();
    view.setMetric(CompareMetric::SamplesPerSecPerDevice);
    EXPECT_TRUE(view.chart()->barLabels().contains("106.0"));  // 847.7 / 8
}

TEST(CompareView, ComparesSeveralRunsWithTheStudyTheFirstAsBaseline) {
    test::TempDir dir;
    const auto file = dir.file("compare.db");
    const qint64 first = test::storeCompletedCpuRun(file, "sweep workers 0", 1);
    const qint64 second = test::storeCompletedCpuRun(file, "sweep workers 1", 1);
    RunStore store;
    ASSERT_TRUE(test::openAndRead(store, QString::fromStdString(file.string())));
    CompareView view(store);
    view.compareWithStudy(QVector<qint64>{first, second});
    ASSERT_EQ(view.runIds().size(), 12 + shipped());
    EXPECT_EQ(view.runIds().at(0), first);
    EXPECT_EQ(view.runIds().at(1), second);
    EXPECT_EQ(view.comparison().baselineLabel, "sweep workers 0");
    EXPECT_EQ(view.comparison().unit, "TFLOP/s per device");
    EXPECT_TRUE(view.reasonText().startsWith("These runs' workload differs from the study's"))
        << view.reasonText().toStdString();
}

TEST(CompareView, ComparesARunWithTheStudyInTflopsPerDeviceWhenTheWorkloadsDiffer) {
    test::TempDir dir;
    const auto file = dir.file("compare.db");
    const qint64 local = test::storeCompletedCpuRun(file, "my cpu run", 1);
    RunStore store;
    ASSERT_TRUE(test::openAndRead(store, QString::fromStdString(file.string())));
    CompareView view(store);
    view.compareWithStudy(local);
    EXPECT_EQ(view.runIds().size(), 11 + shipped());
    EXPECT_EQ(view.runIds().front(), local);
    EXPECT_EQ(view.comparison().unit, "TFLOP/s per device");
    // The value column is TFLOP/s per device, so the column of that name would repeat it.
    EXPECT_TRUE(view.tableView()->isColumnHidden(4));
    EXPECT_FALSE(view.tableView()->isColumnHidden(5));
    view.setMetric(CompareMetric::SamplesPerSec);
    EXPECT_FALSE(view.tableView()->isColumnHidden(4));
    view.setMetric(CompareMetric::AchievedTflopsPerDevice);
    EXPECT_EQ(view.comparison().baselineLabel, "my cpu run");
    EXPECT_TRUE(view.reasonText().contains("batch 8 vs 48")) << view.reasonText().toStdString();
    // The H100 row of the table: 111.9 TFLOP/s per device, 11.3% of the H100 SXM's bf16 peak.
    bool sawH100 = false;
    for (int row = 0; row < view.tableModel()->rowCount(); ++row) {
        const auto cell = [&](int column) { return view.tableModel()->index(row, column).data().toString(); };
        if (cell(0) != "8× H100" || !cell(1).startsWith("workers 2")) continue;
        sawH100 = true;
        EXPECT_EQ(cell(4), "112");
        EXPECT_EQ(cell(5), "11.3%");
        // Thousands of times the CPU run: whole, not "×5510.51".
        const auto entry = std::find_if(view.comparison().entries.begin(), view.comparison().entries.end(),
                                        [](const auto& each) { return each.category == "8× H100" &&
                                                                      each.configuration == "workers 2"; });
        ASSERT_NE(entry, view.comparison().entries.end());
        ASSERT_GT(entry->speedup, 1000);
        EXPECT_EQ(cell(3), QStringLiteral("×%1").arg(std::lround(entry->speedup)));
    }
    EXPECT_TRUE(sawH100);
    // Against the A100, the CPU run is a small fraction: three significant digits, not "×0.00".
    view.setBaselineIndex(view.baselineChoices().indexOf("Device: 8× A100 80GB"));
    ASSERT_EQ(view.comparison().baselineLabel, "8× A100 80GB");
    const auto own = std::find_if(view.comparison().entries.begin(), view.comparison().entries.end(),
                                  [](const auto& each) { return each.runName == "my cpu run"; });
    ASSERT_NE(own, view.comparison().entries.end());
    ASSERT_LT(own->speedup, 0.01);
    ASSERT_GT(own->speedup, 0);
    bool sawOwn = false;
    for (int row = 0; row < view.tableModel()->rowCount(); ++row) {
        if (view.tableModel()->index(row, 0).data().toString() != own->category) continue;
        sawOwn = true;
        const QString text = view.tableModel()->index(row, 3).data().toString();
        ASSERT_TRUE(text.startsWith("×0.")) << text.toStdString();
        EXPECT_NEAR(text.mid(1).toDouble(), own->speedup, own->speedup * 0.01) << text.toStdString();
        EXPECT_EQ(text.mid(3).remove(QRegularExpression("^0+")).size(), 3) << text.toStdString();  // its digits
    }
    EXPECT_TRUE(sawOwn);
}

// The line above the chart once said "…so runs are compared in achieved TFLOP/s per device"
// after the user had switched to samples/s, and stayed above runs without the study.
TEST(CompareView, TheReasonForAMetricGoesWhenTheMetricOrTheRunsChange) {
    test::TempDir dir;
    const auto file = dir.file("compare.db");
    const qint64 local = test::storeCompletedCpuRun(file, "my cpu run", 1);
    const qint64 other = test::storeCompletedCpuRun(file, "another cpu run", 0);
    RunStore store;
    ASSERT_TRUE(test::openAndRead(store, QString::fromStdString(file.string())));
    CompareView view(store);
    const auto* reason = view.findChild<QLabel*>("compareReason");
    ASSERT_NE(reason, nullptr);
    view.compareWithStudy(local);
    ASSERT_TRUE(view.reasonText().contains("TFLOP/s per device")) << view.reasonText().toStdString();
    EXPECT_FALSE(reason->isHidden());
    view.setMetric(CompareMetric::SamplesPerSec);
    EXPECT_EQ(view.reasonText(), "");
    EXPECT_TRUE(reason->isHidden());
    // Back to the study, then the user's two runs alone, in the metric the reason named.
    view.compareWithStudy(local);
    ASSERT_FALSE(view.reasonText().isEmpty());
    EXPECT_FALSE(reason->isHidden());
    view.setRuns({local, other});
    ASSERT_EQ(view.metric(), CompareMetric::AchievedTflopsPerDevice);
    EXPECT_EQ(view.reasonText(), "");
    EXPECT_TRUE(reason->isHidden());
}

// Without a baseline, a dagger is held against the workload most runs share: the title once
// explained it as "different workload than the baseline" with no baseline chosen.
TEST(CompareView, ADaggerWithoutABaselineDoesNotNameOne) {
    test::TempDir dir;
    RunStore store;
    ASSERT_TRUE(test::openAndRead(store, QString::fromStdString(dir.file("compare.db").string())));
    QVector<qint64> ids;
    for (const auto& run : store.runs())
        if (run.deviceName == "A100 80GB" && run.workers == 0) ids.append(run.id);  // Aug (48) and June (32)
    ASSERT_EQ(ids.size(), 2);
    CompareView view(store);
    view.resize(1600, 900);
    view.setRuns(ids);
    ASSERT_TRUE(view.comparison().baselineLabel.isEmpty());
    const QString title = view.chart()->title() + " | " + view.chart()->toolTip();
    EXPECT_TRUE(title.contains("† different workload than most of the runs")) << title.toStdString();
    EXPECT_FALSE(title.contains("than the baseline")) << title.toStdString();
    view.setBaselineIndex(view.baselineChoices().indexOf("Run: " + QString::fromStdString(store.run(ids[0])->name)));
    const QString withBaseline = view.chart()->title() + " | " + view.chart()->toolTip();
    EXPECT_TRUE(withBaseline.contains("† different workload than the baseline")) << withBaseline.toStdString();
}

// A tiny CPU run as the baseline made 8× Gaudi2 "×3.75" in samples/s, drawn like a valid
// speedup, and a CPU "outranked" an H100 per device. A sample of another model is other work:
// no ratio is drawn, the bar says so and is pale, and the table says why.
TEST(CompareView, NoSpeedupIsDrawnBetweenRunsOfOtherWorkInSamplesPerSecond) {
    test::TempDir dir;
    const auto file = dir.file("compare.db");
    const qint64 local = test::storeCompletedCpuRun(file, "my cpu run", 1);
    RunStore store;
    ASSERT_TRUE(test::openAndRead(store, QString::fromStdString(file.string())));
    CompareView view(store);
    view.compareWithStudy(local);
    for (const auto metric : {CompareMetric::SamplesPerSec, CompareMetric::SamplesPerSecPerDevice}) {
        view.setMetric(metric);
        ASSERT_EQ(view.comparison().baselineLabel, "my cpu run");
        int refused = 0;
        for (const auto& entry : view.comparison().entries) {
            if (entry.runId == local) {
                EXPECT_DOUBLE_EQ(entry.speedup, 1.0);
                continue;
            }
            if (!std::isfinite(entry.value)) continue;
            EXPECT_TRUE(std::isnan(entry.speedup)) << entry.runName.toStdString() << " ×" << entry.speedup;
            EXPECT_EQ(entry.noSpeedup, NoSpeedup::OtherWork) << entry.runName.toStdString();
            EXPECT_TRUE(entry.speedupNote.startsWith("Not like for like (model ")) << entry.speedupNote.toStdString();
            ++refused;
        }
        EXPECT_GE(refused, 10);
        for (const auto& label : view.chart()->barLabels()) {
            if (label.contains("×")) {
                EXPECT_TRUE(label.endsWith("×1.00")) << label.toStdString();  // the baseline's own bar
            } else {
                EXPECT_TRUE(label.endsWith("no speedup †")) << label.toStdString();
            }
        }
        for (int row = 0; row < view.tableModel()->rowCount(); ++row) {
            if (view.tableModel()->index(row, 7).data().toString() == "my cpu run") continue;
            const auto* speedup = view.tableModel()->item(row, 3);
            if (view.tableModel()->index(row, 2).data().toString() == "n/a") continue;
            EXPECT_EQ(speedup->text(), "no speedup †");
            EXPECT_TRUE(speedup->toolTip().contains("does not hold that out")) << speedup->toolTip().toStdString();
        }
        const QString title = view.chart()->title() + " | " + view.chart()->toolTip();
        EXPECT_TRUE(title.contains("no speedup where a sample is other work")) << title.toStdString();
    }
    // Achieved TFLOP/s per device holds the model out: the ratios are back.
    view.setMetric(CompareMetric::AchievedTflopsPerDevice);
    EXPECT_FALSE(view.comparison().anySpeedupRefused);
}

// Every visible text the chart draws, each checked to be whole (no "..." or "…"); returns how
// many there were.
int wholeTextsOf(const TimeSeriesChart& chart) {
    int texts = 0;
    for (const QGraphicsItem* item : chart.findChild<QGraphicsView*>()->scene()->items()) {
        const auto* text = dynamic_cast<const QGraphicsTextItem*>(item);
        if (text == nullptr || !text->isVisible()) continue;
        const QString shown = text->toPlainText();
        EXPECT_FALSE(shown.contains(QStringLiteral("...")) || shown.contains(QChar(0x2026)))
            << "'" << shown.toStdString() << "' in a chart " << chart.width() << " px wide";
        ++texts;
    }
    return texts;
}

// Seen in a window: comparing a run with the study gave the table, wide with the runs' names,
// all but about 200 px, and the per-step chart beside it read "samples/s per step, coloure..."
// over a step axis of "0 5 ... ... ...". Every text the chart draws must be whole.
TEST(CompareView, ThePerStepChartBesideAWideTableKeepsItsTitleAndStepLabelsWhole) {
    test::TempDir dir;
    const auto file = dir.file("compare.db");
    const qint64 local = test::storeCompletedCpuRun(file, "tiny b8 w0 2026-12-03 03:44:50", 0);
    {
        ResultStore writer(file);
        std::vector<StepMetrics> steps(40);
        for (std::size_t index = 0; index < steps.size(); ++index) {
            steps[index].step = static_cast<std::int64_t>(index);
            steps[index].samples = 8;
            steps[index].wallMs = 100 + 50.0 * static_cast<double>(index % 3);
            steps[index].samplesPerSec = samplesPerSecond(8, steps[index].wallMs);
        }
        writer.appendSteps(local, steps);
    }
    RunStore store;
    ASSERT_TRUE(test::openAndRead(store, QString::fromStdString(file.string())));
    CompareView view(store);
    view.compareWithStudy(local);
    view.resize(1240, 640);
    view.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&view));
    ASSERT_TRUE(QTest::qWaitFor([&] { return !view.isReadingSteps(); }, 10'000));
    QCoreApplication::processEvents();
    auto* overlay = view.findChild<TimeSeriesChart*>("overlayChart");
    ASSERT_NE(overlay, nullptr);
    EXPECT_GE(wholeTextsOf(*overlay), 6) << "a title, two axis titles and ticks on both axes";
}

// Seen in a window at 1024 × 768: two runs of one setting got bars told apart by the second's
// name, but lines in colours of their own (one of them another bar's), under a legend that read
// "quiet" beside "tiny b8 w0 2026...".
TEST(CompareView, TwoRunsOfOneSettingDrawTheirStepsInTheirBarsColoursWithNothingCut) {
    test::TempDir dir;
    const auto file = dir.file("compare.db");
    QVector<qint64> ids;
    for (const char* name : {"quiet", "tiny b8 w0 2026-12-03 12:47:38"}) ids.append(storeRunWithSteps(file, name, 40));
    RunStore store;
    ASSERT_TRUE(test::openAndRead(store, QString::fromStdString(file.string())));
    CompareView view(store);
    view.setRuns(ids);
    view.resize(990, 620);  // the window's width on a 1024 px screen, less its frame
    view.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&view));
    ASSERT_TRUE(QTest::qWaitFor([&] { return !view.isReadingSteps(); }, 10'000));
    QCoreApplication::processEvents();
    auto* overlay = view.findChild<TimeSeriesChart*>("overlayChart");
    ASSERT_NE(overlay, nullptr);
    ASSERT_EQ(overlay->trackCount(), 2);
    EXPECT_GE(wholeTextsOf(*overlay), 6);
    ASSERT_EQ(view.comparison().entries.size(), 2u);
    QSet<QRgb> colours;
    for (const auto& entry : view.comparison().entries) {
        const QColor bar = view.chart()->configurationColour(entry.configuration);
        ASSERT_TRUE(bar.isValid()) << entry.configuration.toStdString();
        EXPECT_EQ(overlay->trackColour(static_cast<int>(ids.indexOf(entry.runId))), bar) << entry.runName.toStdString();
        colours.insert(bar.rgb());
    }
    EXPECT_EQ(colours.size(), 2);
    // Beside a table wide with run names the title is the brief one, and the table keeps MFU.
    EXPECT_EQ(overlay->title(), "samples/s per step");
    EXPECT_EQ(overlay->toolTip(), "Each line has the colour of its run's bar above");
    QTableView* table = view.tableView();
    constexpr int kMfu = 5;
    EXPECT_LE(table->columnViewportPosition(kMfu) + table->columnWidth(kMfu), table->viewport()->width())
        << "the table is " << table->width() << " px wide";
}

TEST(CompareView, OnA1024PxScreenARunBesideTheStudyKeepsMfuInViewWithoutScrolling) {
    test::TempDir dir;
    const auto file = dir.file("compare.db");
    const qint64 local = storeRunWithSteps(file, "tiny b8 w0", 10);
    RunStore store;
    ASSERT_TRUE(test::openAndRead(store, QString::fromStdString(file.string())));
    CompareView view(store);
    view.compareWithStudy({local});
    view.resize(990, 620);  // the window's width on a 1024 px screen, less its frame
    view.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&view));
    ASSERT_TRUE(QTest::qWaitFor([&] { return !view.isReadingSteps(); }, 10'000));
    QCoreApplication::processEvents();
    QTableView* table = view.tableView();
    constexpr int kMfu = 5;
    ASSERT_EQ(view.tableModel()->horizontalHeaderItem(kMfu)->text(), "MFU");
    EXPECT_LE(table->columnViewportPosition(kMfu) + table->columnWidth(kMfu), table->viewport()->width())
        << "the table is " << table->width() << " px wide";
    auto* overlay = view.findChild<TimeSeriesChart*>("overlayChart");
    ASSERT_NE(overlay, nullptr);
    EXPECT_TRUE(overlay->isVisibleTo(&view));
    EXPECT_GE(overlay->width(), overlay->minimumWidth());

    // A wider window gives the chart its share back: the table does not take what it does not need.
    view.resize(1900, 620);
    QCoreApplication::processEvents();
    EXPECT_GE(overlay->width(), 1900 / 3);
}

}  // namespace
// A table BridgeBench measured drew its group on the chart as one more of the study's devices;
// the table's Source column said otherwise. The axis says it too.
TEST(CompareView, AGroupOfMeasuredTablesIsLabelledOnTheChart) {
    test::TempDir dir;
    const auto file = dir.file("compare.db");
    RunData measured = measuredLargeRun("5d1e6f2a-8c41-4d7e-9a05-6e2f1c8b4d11", "large bf16 b48 w0", 0, false, 150.0);
    test::addMeasuredReferenceTable(file, "7a1c2e7b-4a6d-4b8e-8c3f-2d5a7e9b1c11", "2 Dec 2026", {measured});
    const qint64 mine = test::storeCompletedCpuRun(file, "mine", 0);
    RunStore store;
    ASSERT_TRUE(test::openAndRead(store, QString::fromStdString(file.string())));
    qint64 table = 0;
    for (const auto& run : store.runs())
        if (isMeasuredReference(run) && run.deviceName == "Test GPU") table = run.id;
    ASSERT_GT(table, 0);
    CompareView view(store);
    view.setRuns({mine, table});
    const QStringList labels = view.chart()->categoryLabels();
    ASSERT_EQ(labels.size(), 2);
    EXPECT_TRUE(labels.contains("1× Test GPU (BridgeBench)")) << labels.join(" | ").toStdString();
    EXPECT_TRUE(labels.contains("1× cpu")) << labels.join(" | ").toStdString();
}

// An import naming no model against a run of the tiny model read "×1.88 †": the two cannot be
// shown to be the same work, so the table and the bar say "no speedup" instead of a ratio.
TEST(CompareView, AnImportOfUnknownWorkGetsNoSpeedupInTheTableOrOnItsBar) {
    test::TempDir dir;
    const auto file = dir.file("compare.db");
    const qint64 mine = test::storeCompletedCpuRun(file, "mine", 0);
    qint64 imported = 0;
    {
        ResultStore raw(file);
        RunRecord run;
        run.name = "trainer import";
        run.origin = RunOrigin::Import;
        run.status = RunStatus::Completed;
        run.deviceKind = "cuda";
        run.batchSize = 16;
        run.summary = bb::test::storedSummary(nlohmann::json{{"median_samples_per_s", 75.2}});
        imported = raw.createRun(run);
    }
    RunStore store;
    ASSERT_TRUE(test::openAndRead(store, QString::fromStdString(file.string())));
    CompareView view(store);
    view.setRuns({mine, imported});
    view.setMetric(CompareMetric::SamplesPerSec);
    view.setBaselineIndex(view.baselineChoices().indexOf(QStringLiteral("Run: mine")));
    bool sawImport = false;
    for (int row = 0; row < view.tableModel()->rowCount(); ++row) {
        if (view.tableModel()->item(row, 7)->text() != "trainer import") continue;
        sawImport = true;
        const auto* speedup = view.tableModel()->item(row, 3);
        EXPECT_EQ(speedup->text(), "no speedup (workload unknown)");
        EXPECT_TRUE(speedup->toolTip().contains("model")) << speedup->toolTip().toStdString();
    }
    EXPECT_TRUE(sawImport);
    for (const auto& label : view.chart()->barLabels()) EXPECT_FALSE(label.contains("×1.88")) << label.toStdString();
    EXPECT_TRUE(view.chart()->barLabels().join("|").contains("no speedup"));
}

// The note above the chart and the rows under it come from one comparison: an import whose files
// name no model is not said to have the study's workload while its rows say its workload is
// unknown (tests/data/trainer/h100, as a user imports it).
TEST(CompareView, TheNoteAboveTheChartDoesNotCallAWorkloadNotKnownInFullTheStudys) {
    test::TempDir dir;
    const auto file = dir.file("compare.db");
    qint64 imported = 0;
    {
        ResultStore raw(file);
        ImportOptions options;
        options.deviceKind = "cuda";
        options.deviceName = "H100";
        const auto result =
            importRuns(raw, readTrainerImport(std::filesystem::path(BB_TEST_DATA_DIR) / "trainer/h100", options));
        ASSERT_EQ(result.added.size(), 1u);
        imported = result.added.front().id;
    }
    RunStore store;
    ASSERT_TRUE(test::openAndRead(store, QString::fromStdString(file.string())));
    CompareView view(store);
    view.compareWithStudy({imported});
    EXPECT_FALSE(view.reasonText().contains("the study's workload")) << view.reasonText().toStdString();
    EXPECT_TRUE(view.reasonText().startsWith("This run's workload is not known in full (unknown: model"))
        << view.reasonText().toStdString();
}

}  // namespace bb::ui::compare_view_test
