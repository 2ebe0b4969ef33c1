#include "widgets/runs_browser.h"

#include <QComboBox>
#include <QPushButton>
#include <QSignalSpy>
#include <QHeaderView>
#include <QTableView>

#include <gtest/gtest.h>

#include "adapters/run_store.h"
#include "models/run_filter_model.h"
#include "models/run_table_model.h"
#include "support/measured_reference.h"
#include "support/temp_dir.h"
#include "support/stored_summary.h"
#include "bridgebench/result_store.h"
#include "runs_read.h"

namespace bb::ui::runs_browser_test {
namespace {

struct BrowserFixture {
    test::TempDir dir;
    RunStore store;
    std::unique_ptr<RunsBrowser> browser;
    qint64 local = 0;

    BrowserFixture() {
        EXPECT_TRUE(test::openAndRead(store, QString::fromStdString(dir.file("browse.db").string())));
        {
            ResultStore direct(dir.file("browse.db"));
            RunRecord run;
            run.name = "cpu workers 2";
            run.status = RunStatus::Completed;
            run.deviceKind = "cpu";
            run.deviceName = "Test CPU";
            run.model = "mini-clip";
            run.precision = "fp32";
            run.batchSize = 8;
            run.workers = 2;
            run.summary = bb::test::storedSummary(nlohmann::json{{"median_samples_per_s", 123.4}});
            local = direct.createRun(run);
            StepMetrics step;
            step.samples = 8;
            step.wallMs = 50;
            step.samplesPerSec = samplesPerSecond(8, 50);
            direct.appendSteps(local, std::span(&step, 1));
        }
        store.reload();
        EXPECT_TRUE(test::waitForRuns(store));
        browser = std::make_unique<RunsBrowser>(store);
        browser->setConfirmation([](const QString&) { return true; });
    }
};

TEST(RunsBrowser, ColumnsAreAsWideAsTheirHeadersAndModelsGoByTheirShortName) {
    BrowserFixture fixture;
    fixture.browser->resize(1500, 600);
    fixture.browser->show();
    auto* view = fixture.browser->findChild<QTableView*>("runsTable");
    ASSERT_NE(view, nullptr);
    auto* header = view->horizontalHeader();
    for (int column = 0; column < RunTableModel::ColumnCount; ++column)
        EXPECT_GE(view->columnWidth(column), header->sectionSizeHint(column))
            << fixture.browser->model()->headerData(column, Qt::Horizontal).toString().toStdString();

    auto* model = fixture.browser->model();
    int published = -1;
    for (int row = 0; row < model->rowCount() && published < 0; ++row)
        if (model->index(row, 0).data(RunTableModel::SourceRole).toString() == "reference") published = row;
    ASSERT_GE(published, 0);
    EXPECT_EQ(model->index(published, RunTableModel::Model).data().toString(), "bridgetower-large-itm-mlm-itc");
    EXPECT_EQ(model->index(published, RunTableModel::Model).data(Qt::ToolTipRole).toString(),
              "BridgeTower/bridgetower-large-itm-mlm-itc");
    EXPECT_EQ(shortModelName("models/large/config.json"), "large");
    EXPECT_EQ(shortModelName("tiny"), "tiny");
}

// The measured reference runs this build ships (core/references/) stand beside the study's.
int shipped() { return static_cast<int>(test::shippedMeasuredRunCount()); }

TEST(RunsBrowser, ListsReferenceAndLocalRunsWithTheirColumns) {
    BrowserFixture fixture;
    auto* model = fixture.browser->model();
    EXPECT_EQ(model->rowCount(), 17 + shipped());  // 16 published figures, the shipped measured ones, ours
    const int row = model->rowOf(fixture.local);
    ASSERT_GE(row, 0);
    EXPECT_EQ(model->index(row, RunTableModel::Device).data().toString(), "Test CPU");
    EXPECT_EQ(model->index(row, RunTableModel::Workers).data().toLongLong(), 2);
    EXPECT_EQ(model->index(row, RunTableModel::SamplesPerSec).data().toString(), "123.4");
    EXPECT_EQ(model->index(row, RunTableModel::Status).data().toString(), "completed");
    EXPECT_EQ(model->headerData(RunTableModel::DeviceTransforms, Qt::Horizontal).toString(), "Device transforms");
}

TEST(RunsBrowser, SearchAndSourceFilterNarrowTheRows) {
    BrowserFixture fixture;
    auto* filter = fixture.browser->filter();
    fixture.browser->setSearchText("gaudi2");
    EXPECT_EQ(filter->rowCount(), 8);  // 4 August + 4 June figures
    fixture.browser->setSearchText("");
    filter->setSourceFilter("local");
    EXPECT_EQ(filter->rowCount(), 1);
    // The study's published figures and the tables BridgeBench measured are filtered apart, and
    // the Source column names each as what it is: a measured H200 table once listed under
    // "Reference (published)" as "reference", like the study's figures.
    filter->setSourceFilter("published");
    EXPECT_EQ(filter->rowCount(), 16);
    for (int row = 0; row < filter->rowCount(); ++row)
        EXPECT_EQ(filter->index(row, RunTableModel::Source).data().toString(), "published");
    filter->setSourceFilter("measured");
    EXPECT_EQ(filter->rowCount(), shipped());
    for (int row = 0; row < filter->rowCount(); ++row) {
        EXPECT_EQ(filter->index(row, RunTableModel::Source).data().toString(), "measured reference");
        EXPECT_TRUE(filter->index(row, RunTableModel::Name).data(Qt::ToolTipRole).toString().startsWith(
            "Reference table BridgeBench measured"));
    }
    const auto* source = fixture.browser->findChild<QComboBox*>("sourceFilter");
    ASSERT_NE(source, nullptr);
    EXPECT_GE(source->findData("published"), 0);
    EXPECT_GE(source->findData("measured"), 0);
    EXPECT_EQ(source->findText("Reference (published)"), -1);
}

TEST(RunsBrowser, SortsMedianThroughputNumerically) {
    BrowserFixture fixture;
    fixture.browser->view()->sortByColumn(RunTableModel::SamplesPerSec, Qt::DescendingOrder);
    auto* filter = fixture.browser->filter();
    EXPECT_EQ(filter->index(0, RunTableModel::SamplesPerSec).data().toString(), "847.7");
    // 123.4 sorts below 188.6 as a number, although "123.4" > "1886" would hold as text.
    const int last = filter->rowCount() - 1;
    EXPECT_EQ(filter->index(last, RunTableModel::SamplesPerSec).data().toString(), "123.4");
}

// A run measured while other processes took a share of its cores is marked where its throughput
// is listed, as the Compare tab marks it.
TEST(RunsBrowser, MarksTheThroughputOfARunMeasuredBesideOtherBusyProcesses) {
    BrowserFixture fixture;
    qint64 busy = 0;
    {
        ResultStore direct(fixture.dir.file("browse.db"));
        RunRecord run = *direct.findRun(fixture.local);
        run.name = "beside a build";
        run.uuid.clear();
        run.environment = nlohmann::json{{"logical_cores", 2}}.get<RunEnvironment>();
        run.summary = bb::test::storedSummary(nlohmann::json{{"median_samples_per_s", 98.7}, {"other_cpu_cores", 1.2}, {"other_cpu_cores_p95", 1.8}});
        busy = direct.createRun(run);
    }
    fixture.store.reload();
    ASSERT_TRUE(test::waitForRuns(fixture.store));
    auto* model = fixture.browser->model();
    int seen = 0;
    for (int row = 0; row < model->rowCount(); ++row) {
        const QModelIndex cell = model->index(row, RunTableModel::SamplesPerSec);
        const qint64 id = model->run(row).id;
        if (id != busy && id != fixture.local) continue;
        ++seen;
        const bool marked = id == busy;
        EXPECT_EQ(cell.data().toString(), marked ? QStringLiteral("98.7 ‡") : QStringLiteral("123.4"));
        EXPECT_EQ(cell.data(Qt::ToolTipRole).toString().startsWith(
                      QStringLiteral("‡ other processes took 1.2 of the 2 cores on average")),
                  marked)
            << cell.data(Qt::ToolTipRole).toString().toStdString();
        EXPECT_EQ(cell.data(Qt::ForegroundRole).isValid(), marked);
        EXPECT_DOUBLE_EQ(cell.data(RunTableModel::SortRole).toDouble(), marked ? 98.7 : 123.4) << "sorts as a number";
    }
    EXPECT_EQ(seen, 2);
}

TEST(RunsBrowser, RenamesInPlaceButNotReferenceRuns) {
    BrowserFixture fixture;
    auto* model = fixture.browser->model();
    const int row = model->rowOf(fixture.local);
    EXPECT_TRUE(model->setData(model->index(row, RunTableModel::Name), "renamed"));
    EXPECT_EQ(fixture.store.run(fixture.local)->name, "renamed");
    const int referenceRow = row == 0 ? 1 : 0;
    EXPECT_FALSE(model->flags(model->index(referenceRow, RunTableModel::Name)) & Qt::ItemIsEditable);
}

TEST(RunsBrowser, TagsSelectedRuns) {
    BrowserFixture fixture;
    fixture.browser->setTagPrompt([](const QString&) { return std::optional<QString>("baseline, cpu"); });
    fixture.browser->selectRuns({fixture.local});
    fixture.browser->tagSelected();
    auto* model = fixture.browser->model();
    EXPECT_EQ(model->index(model->rowOf(fixture.local), RunTableModel::Tags).data().toString(), "baseline, cpu");
    fixture.browser->setSearchText("baseline");
    EXPECT_EQ(fixture.browser->filter()->rowCount(), 1);
}

TEST(RunsBrowser, DeleteAsksThenUndoBringsTheRunBack) {
    BrowserFixture fixture;
    QString asked;
    bool answer = false;
    fixture.browser->setConfirmation([&](const QString& question) {
        asked = question;
        return answer;
    });
    fixture.browser->selectRuns({fixture.local});
    fixture.browser->deleteSelected();
    EXPECT_TRUE(asked.contains("cpu workers 2"));
    EXPECT_TRUE(fixture.store.run(fixture.local)) << "declined: nothing deleted";

    answer = true;
    fixture.browser->selectRuns({fixture.local});
    fixture.browser->deleteSelected();
    EXPECT_FALSE(fixture.store.run(fixture.local));
    EXPECT_EQ(fixture.browser->model()->rowCount(), 16 + shipped());
    EXPECT_TRUE(fixture.store.canUndoDelete());

    EXPECT_TRUE(fixture.store.undoDelete());
    EXPECT_TRUE(fixture.store.run(fixture.local));
    EXPECT_EQ(fixture.store.steps(fixture.local).size(), 1u);
    EXPECT_EQ(fixture.browser->model()->rowCount(), 17 + shipped());
}

TEST(RunsBrowser, ReferenceRunsAreNeverDeleted) {
    BrowserFixture fixture;
    const qint64 reference = isReference(fixture.browser->model()->run(0).origin)
                                 ? fixture.browser->model()->run(0).id
                                 : fixture.browser->model()->run(1).id;
    fixture.browser->selectRuns({reference});
    fixture.browser->deleteSelected();
    EXPECT_TRUE(fixture.store.run(reference));
    EXPECT_FALSE(fixture.store.canUndoDelete());
    // Through the store directly, core refuses too.
    QSignalSpy errors(&fixture.store, &RunStore::errorOccurred);
    EXPECT_FALSE(fixture.store.deleteRuns({reference}));
    EXPECT_EQ(errors.count(), 1);
}

TEST(RunsBrowser, CompareEmitsTheSelectedIds) {
    BrowserFixture fixture;
    QSignalSpy compare(fixture.browser.get(), &RunsBrowser::compareRequested);
    fixture.browser->selectRuns({fixture.local, 1});
    fixture.browser->compareSelected();
    ASSERT_EQ(compare.count(), 1);
    auto ids = compare.first().at(0).value<QVector<qint64>>();
    std::sort(ids.begin(), ids.end());
    EXPECT_EQ(ids, (QVector<qint64>{1, fixture.local}));
}

TEST(RunsBrowser, OffersTheStudyBesideLocalOrImportedRuns) {
    BrowserFixture fixture;
    qint64 rerun = 0;
    {
        ResultStore direct(fixture.dir.file("browse.db"));
        RunRecord run = *direct.findRun(fixture.local);
        run.name = "cpu workers 2 again";
        run.id = 0;
        run.uuid.clear();
        rerun = direct.createRun(run);
    }
    fixture.store.reload();
    ASSERT_TRUE(test::waitForRuns(fixture.store));
    auto* button = fixture.browser->findChild<QPushButton*>("compareWithStudy");
    ASSERT_NE(button, nullptr);
    QSignalSpy requested(fixture.browser.get(), &RunsBrowser::compareWithStudyRequested);
    fixture.browser->selectRuns({1});  // a published figure is the study itself
    EXPECT_FALSE(button->isEnabled());
    fixture.browser->selectRuns({fixture.local, 1});
    EXPECT_FALSE(button->isEnabled());
    fixture.browser->selectRuns({fixture.local});
    ASSERT_TRUE(button->isEnabled());
    button->click();
    ASSERT_EQ(requested.count(), 1);
    EXPECT_EQ(requested.first().at(0).value<QVector<qint64>>(), QVector<qint64>{fixture.local});
    // A sweep's settings, or a run and its rerun, go beside the study together.
    fixture.browser->selectRuns({fixture.local, rerun});
    ASSERT_TRUE(button->isEnabled());
    button->click();
    ASSERT_EQ(requested.count(), 2);
    auto ids = requested.at(1).at(0).value<QVector<qint64>>();
    std::sort(ids.begin(), ids.end());
    EXPECT_EQ(ids, (QVector<qint64>{fixture.local, rerun}));
}

}  // namespace
}  // namespace bb::ui::runs_browser_test
