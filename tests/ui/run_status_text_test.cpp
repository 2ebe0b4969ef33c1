// A run's status shows in the window's language; the stored word stays what the code compares.
#include "models/run_status_text.h"

#include <QRegularExpression>

#include <gtest/gtest.h>

#include "bridgebench/result_store.h"
#include "i18n/translations.h"
#include "models/run_table_model.h"
#include "support/temp_dir.h"
#include "widgets/main_window.h"
#include "widgets/runs_browser.h"
#include "runs_read.h"

namespace bb::ui {
namespace {

constexpr RunStatus kStatuses[] = {RunStatus::Running, RunStatus::Completed, RunStatus::Cancelled, RunStatus::Failed,
                                   RunStatus::Interrupted};

TEST(RunStatusText, EnglishShowsTheStoredWords) {
    EXPECT_FALSE(installTranslations(QLocale(QLocale::English)));
    for (const RunStatus status : kStatuses) {
        const QString stored = QString::fromUtf8(toString(status).data());
        EXPECT_EQ(runStatusText(status), stored);
        EXPECT_EQ(runStatusText(stored), stored);
    }
    EXPECT_EQ(runStatusText(QStringLiteral("paused by a newer build")), QStringLiteral("paused by a newer build"));
}

TEST(RunStatusText, ChineseTranslatesEveryStatusAndTheRunsTableShowsItAndTheSource) {
    ASSERT_TRUE(installTranslations(QLocale(QLocale::Chinese, QLocale::Taiwan)));
    static const QRegularExpression han(QStringLiteral("[\\x{4e00}-\\x{9fff}]"));
    for (const RunStatus status : kStatuses) {
        EXPECT_TRUE(runStatusText(status).contains(han)) << toString(status);
        EXPECT_EQ(runStatusText(QString::fromUtf8(toString(status).data())), runStatusText(status));
    }

    test::TempDir dir;
    const auto db = dir.file("status.db");
    std::int64_t runId = 0;
    {
        ResultStore store(db);
        RunRecord run;
        run.name = "finished";
        run.status = RunStatus::Completed;
        run.deviceKind = "cpu";
        run.model = "tiny";
        runId = store.createRun(run);
    }
    {
        MainWindow window(QString::fromStdString(db.string()));
        ASSERT_TRUE(test::waitForRuns(*window.store()));
        auto* model = window.runsBrowser()->model();
        const int row = model->rowOf(runId);
        ASSERT_GE(row, 0);
        EXPECT_EQ(model->index(row, RunTableModel::Status).data().toString(), runStatusText(RunStatus::Completed));
        const QString source = model->index(row, RunTableModel::Source).data().toString();
        EXPECT_TRUE(source.contains(han)) << source.toStdString();
        EXPECT_EQ(model->index(row, 0).data(RunTableModel::SourceRole).toString(), QStringLiteral("local"))
            << "the filter's word stays";
    }
    installTranslations(QLocale(QLocale::English));
}

}  // namespace
}  // namespace bb::ui
