// Pressing Run does not hold the UI thread for the run's checks: the engine bridge makes the
// session on a thread of its own, and a refusal comes back as a signal, not as an exception
// thrown on the UI thread (it used to build the session there: the dataset check, a checkpoint
// to map, the environment, the store's open and the run's row).
#include "adapters/engine_bridge.h"

#include <QSignalSpy>

#include <gtest/gtest.h>

#include "bridgebench/result_store.h"
#include "bridgebench/run_config.h"
#include "bridgebench/study_config.h"
#include "support/temp_dir.h"

namespace bb::ui::engine_bridge_test {
namespace {

TEST(EngineBridge, ARunItsChecksRefuseComesBackAsASignalAndStoresNothing) {
    test::TempDir dir;
    const auto db = dir.file("runs.db");
    std::int64_t before = 0;
    {
        ResultStore store(db);
        before = static_cast<std::int64_t>(store.listRuns().size());
    }
    EngineBridge engine;
    QSignalSpy refused(&engine, &EngineBridge::runRefused);
    QSignalSpy finished(&engine, &EngineBridge::runFinished);
    RunConfig config;
    config.model = "mini-clip";
    config.dataset = (dir.path() / "no-such-manifest.jsonl").string();
    config.steps = 2;
    EXPECT_NO_THROW(engine.startRun(QString::fromStdString(db.string()), config));
    EXPECT_TRUE(engine.isRunning()) << "busy while its checks run";
    ASSERT_TRUE(refused.wait(60'000));
    EXPECT_TRUE(refused.front().at(0).toString().contains("no-such-manifest.jsonl"))
        << refused.front().at(0).toString().toStdString();
    EXPECT_FALSE(engine.isRunning());
    EXPECT_TRUE(finished.isEmpty()) << "a refused run never ran";
    ResultStore store(db);
    EXPECT_EQ(static_cast<std::int64_t>(store.listRuns().size()), before) << "no row for a refused run";
}

TEST(EngineBridge, CancelWhileTheChecksRunEndsTheRunAsCancelled) {
    test::TempDir dir;
    EngineBridge engine;
    QSignalSpy finished(&engine, &EngineBridge::runFinished);
    RunConfig config;
    config.model = "mini-clip";
    config.dataset = "synthetic-tensors";
    config.steps = 100'000;
    engine.startRun(QString::fromStdString(dir.file("runs.db").string()), config);
    engine.cancel();  // at once: the session may still be being made
    ASSERT_TRUE(finished.wait(120'000));
    EXPECT_EQ(finished.front().at(1).toString(), QStringLiteral("cancelled"));
    EXPECT_FALSE(engine.isRunning());
}

// The sweep's grid used to be checked on the UI thread as its runner was made there (a grid of
// 10,000 points is 10,000 configs validated), and a refused one was thrown at the window.
TEST(EngineBridge, ASweepsGridIsCheckedOnItsOwnThreadAndARefusalEndsItBeforeAnyRun) {
    test::TempDir dir;
    EngineBridge engine;
    QSignalSpy started(&engine, &EngineBridge::runStarted);
    QSignalSpy finished(&engine, &EngineBridge::runFinished);
    QSignalSpy swept(&engine, &EngineBridge::sweepFinished);
    StudyConfig study;
    study.name = "refused";
    study.base.model = "mini-clip";
    study.grid = {{"workers", {0, -1}}};
    EXPECT_NO_THROW(engine.startSweep(QString::fromStdString(dir.file("runs.db").string()), study));
    EXPECT_TRUE(engine.isSweeping());
    ASSERT_TRUE(swept.wait(60'000));
    ASSERT_EQ(finished.size(), 1);
    EXPECT_EQ(finished.front().at(0).toLongLong(), 0);
    EXPECT_EQ(finished.front().at(1).toString(), QStringLiteral("failed"));
    EXPECT_TRUE(finished.front().at(2).toString().contains("workers")) << finished.front().at(2).toString().toStdString();
    EXPECT_TRUE(started.isEmpty()) << "no point ran";
    EXPECT_FALSE(engine.isRunning());
    EXPECT_FALSE(engine.isSweeping());
}

TEST(EngineBridge, CancelAtOnceEndsASweepBeforeItsFirstPoint) {
    test::TempDir dir;
    EngineBridge engine;
    QSignalSpy swept(&engine, &EngineBridge::sweepFinished);
    StudyConfig study;
    study.name = "cancelled";
    study.base.model = "mini-clip";
    study.base.dataset = "synthetic-tensors";
    study.base.steps = 100'000;
    study.grid = {{"workers", {0, 1}}};
    engine.startSweep(QString::fromStdString(dir.file("runs.db").string()), study);
    engine.cancel();  // at once: the runner may still be being made
    ASSERT_TRUE(swept.wait(120'000));
    EXPECT_TRUE(swept.front().at(2).toBool()) << "cancelled";
    EXPECT_FALSE(engine.isRunning());
}

}  // namespace
}  // namespace bb::ui::engine_bridge_test
