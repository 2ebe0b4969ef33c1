// File > Export report writes the Compare tab's runs through core's report writer on a thread
// of its own: real files, read back.
#include "widgets/report_export.h"

#include <QSignalSpy>
#include <QTest>

#include <fstream>
#include <sstream>

#include <gtest/gtest.h>

#include "adapters/run_store.h"
#include "support/stored_cpu_run.h"
#include "support/temp_dir.h"
#include "widgets/compare_view.h"
#include "runs_read.h"

namespace bb::ui::report_export_test {
namespace {

std::string readAll(const std::filesystem::path& file) {
    std::ifstream in(file, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

struct Finished {
    bool ok = false;
    QString message;
};

Finished waitFor(ReportExport& report, QSignalSpy& spy) {
    EXPECT_TRUE(spy.wait(60'000));
    const auto arguments = spy.takeFirst();
    EXPECT_FALSE(report.isBusy());
    return {arguments.at(0).toBool(), arguments.at(1).toString()};
}

// One stored CPU run in a database the window has open, and its Compare tab.
class ReportExportTest : public ::testing::Test {
protected:
    void SetUp() override {
        local = test::storeCompletedCpuRun(dir.file("r.db"), "my cpu run", 1);
        ASSERT_TRUE(test::openAndRead(store, QString::fromStdString(dir.file("r.db").string())));
    }
    test::TempDir dir;
    qint64 local = 0;
    RunStore store;
    CompareView compare{store};
};

TEST_F(ReportExportTest, WritesTheComparedRunsAsHtmlAndPdfWithoutHoldingTheWindow) {
    compare.compareWithStudy(local);
    ASSERT_EQ(compare.baselineRunId(), local);
    ReportExport report(nullptr, store, compare);
    QSignalSpy started(&report, &ReportExport::started);
    QSignalSpy finished(&report, &ReportExport::finished);

    const auto html = dir.file("report.html");
    ASSERT_TRUE(report.exportTo(QString::fromStdString(html.string())));
    EXPECT_EQ(started.size(), 1);
    // A second report while the first is written is refused, not queued.
    EXPECT_FALSE(report.exportTo(QString::fromStdString(dir.file("again.html").string())));
    const auto refused = finished.takeFirst();
    EXPECT_FALSE(refused.at(0).toBool());
    const Finished wrote = waitFor(report, finished);
    ASSERT_TRUE(wrote.ok) << wrote.message.toStdString();
    EXPECT_TRUE(wrote.message.contains("report.html"));
    const std::string page = readAll(html);
    EXPECT_NE(page.find("my cpu run"), std::string::npos);
    EXPECT_NE(page.find("H100"), std::string::npos);  // the study's runs beside it
    EXPECT_NE(page.find("<svg"), std::string::npos);

    const auto pdf = dir.file("report.pdf");
    ASSERT_TRUE(report.exportTo(QString::fromStdString(pdf.string())));
    const Finished wrotePdf = waitFor(report, finished);
    ASSERT_TRUE(wrotePdf.ok) << wrotePdf.message.toStdString();
    EXPECT_EQ(readAll(pdf).rfind("%PDF", 0), 0U);
}

TEST_F(ReportExportTest, SaysWhyWhenTheFileCannotBeWrittenOrThereIsNothingToReport) {
    ReportExport report(nullptr, store, compare);
    QSignalSpy finished(&report, &ReportExport::finished);

    compare.setRuns({});
    EXPECT_FALSE(report.exportTo(QString::fromStdString(dir.file("empty.html").string())));
    ASSERT_EQ(finished.size(), 1);
    EXPECT_TRUE(finished.takeFirst().at(1).toString().contains("no runs"));

    compare.setRuns({local});
    // Under a plain file, where no folder can be made.
    const auto blocker = dir.file("not a folder");
    std::ofstream(blocker) << "x";
    const auto missing = blocker / "report.html";
    ASSERT_TRUE(report.exportTo(QString::fromStdString(missing.string())));
    const Finished failed = waitFor(report, finished);
    EXPECT_FALSE(failed.ok);
    EXPECT_TRUE(failed.message.contains("not a folder")) << failed.message.toStdString();
    EXPECT_FALSE(std::filesystem::exists(missing));
}

}  // namespace
}  // namespace bb::ui::report_export_test
