#include "bridgebench/step_writer.h"

#include <chrono>
#include <memory>
#include <thread>

#include <SQLiteCpp/SQLiteCpp.h>
#include <gtest/gtest.h>

#include "bridgebench/result_store.h"
#include "support/temp_dir.h"

namespace bb {
namespace {

std::int64_t createRunNamed(ResultStore& store, const std::string& name) {
    RunRecord run;
    run.name = name;
    return store.createRun(run);
}

// Steps numbered first to last - 1, pushed in order.
void pushSteps(StepWriter& writer, int first, int last) {
    for (int i = first; i < last; ++i) {
        StepMetrics step;
        step.step = i;
        step.samples = 1;
        step.wallMs = 1;
        writer.push(step);
    }
}

TEST(StepWriter, CommitsEveryPushedRowByClose) {
    test::TempDir dir;
    const auto file = dir.file("w.db");
    ResultStore store(file);
    const auto id = createRunNamed(store, "writer");
    {
        // A tiny queue forces back-pressure and many small transactions.
        StepWriter writer(file, id, /*capacity=*/4, /*flushIntervalMs=*/5);
        pushSteps(writer, 0, 500);
        EXPECT_EQ(writer.close(), "");
        EXPECT_EQ(writer.committedRows(), 500);
    }
    EXPECT_EQ(store.stepCount(id), 500);
}

TEST(StepWriter, ReportsAWriteErrorInsteadOfBlockingTraining) {
    test::TempDir dir;
    const auto file = dir.file("w.db");
    ResultStore store(file);
    const auto id = createRunNamed(store, "will clash");
    StepWriter writer(file, id, 8, 5);
    StepMetrics step;
    writer.push(step);
    writer.push(step);  // same step index twice: the primary key refuses it
    for (int i = 1; i < 100; ++i) {
        step.step = i;
        writer.push(step);
    }
    const std::string error = writer.close();
    EXPECT_NE(error.find("w.db"), std::string::npos) << error;
}


// Another process held the database's write lock for 15 s during a run: the run failed after
// the 10 s busy wait with "database is locked". The writer now keeps the rows, retries, and
// commits them all once the lock is gone.
TEST(StepWriter, WaitsOutAnotherProcesssLockAndLosesNothing) {
    test::TempDir dir;
    const auto file = dir.file("w.db");
    ResultStore store(file);
    const auto id = createRunNamed(store, "patient");
    auto holder = std::make_unique<SQLite::Database>(file.string(), SQLite::OPEN_READWRITE);
    holder->exec("BEGIN IMMEDIATE");
    StepWriter writer(file, id, 1 << 10, 5);
    pushSteps(writer, 0, 50);
    // The first try waits out SQLite's 10 s busy timeout before it counts as one.
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
    while (writer.retries() == 0 && std::chrono::steady_clock::now() < deadline)
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    ASSERT_GT(writer.retries(), 0) << "the writer never met the lock";
    EXPECT_FALSE(writer.failed());
    pushSteps(writer, 50, 100);
    holder->exec("ROLLBACK");
    holder.reset();
    EXPECT_EQ(writer.close(), "");
    EXPECT_EQ(writer.committedRows(), 100);
    EXPECT_EQ(store.stepCount(id), 100);
}

TEST(StepWriter, GivesUpAfterItsWindowSayingHowLongAndWhatWasNotStored) {
    test::TempDir dir;
    const auto file = dir.file("w.db");
    ResultStore store(file);
    const auto id = createRunNamed(store, "locked out");
    SQLite::Database holder(file.string(), SQLite::OPEN_READWRITE);
    holder.exec("BEGIN IMMEDIATE");
    StepWriter writer(file, id, 1 << 10, 5, /*retryWindowMs=*/1000);
    StepMetrics step;
    writer.push(step);
    const std::string error = writer.close();
    EXPECT_TRUE(writer.failed());
    EXPECT_NE(error.find(file.string()), std::string::npos) << error;
    EXPECT_NE(error.find("locked"), std::string::npos) << error;
    EXPECT_NE(error.find("steps were not stored"), std::string::npos) << error;
    EXPECT_EQ(writer.committedRows(), 0);
    holder.exec("ROLLBACK");
}

}  // namespace
}  // namespace bb
