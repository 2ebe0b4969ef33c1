#include "bridgebench/run_session.h"

#include <gtest/gtest.h>

#include <fstream>

#include "bridgebench/errors.h"
#include "bridgebench/result_store.h"
#include "support/recording_observer.h"
#include "support/temp_dir.h"
#include "support/stored_summary.h"

namespace bb {
namespace {

RunConfig quickConfig(std::int64_t steps) {
    RunConfig config;
    config.steps = steps;
    config.batchSize = 4;
    config.warmupSteps = 1;
    config.learningRate = 1e-3;
    return config;
}

TEST(RunSession, RunOfNStepsStoresNStepRowsAndASummary) {
    test::TempDir dir;
    test::RecordingObserver observer;
    RunSession session(dir.file("runs.db"), quickConfig(6), observer);
    session.start();
    const RunOutcome outcome = session.wait();

    EXPECT_EQ(outcome.status, RunStatus::Completed) << outcome.error;
    EXPECT_EQ(observer.steps().size(), 6u);
    EXPECT_EQ(observer.startedCalls(), 1);
    EXPECT_EQ(observer.finishedCalls(), 1);
    EXPECT_TRUE(observer.contractViolations().empty());

    ResultStore store(dir.file("runs.db"));
    const auto run = store.findRun(session.runId());
    ASSERT_TRUE(run);
    EXPECT_EQ(run->status, RunStatus::Completed);
    EXPECT_EQ(store.stepCount(run->id), 6);
    EXPECT_EQ(bb::test::storedJson(run->summary).value("steps", 0), 6);
    EXPECT_GT(bb::test::storedJson(run->summary).value("median_samples_per_s", 0.0), 0.0);
    EXPECT_EQ(run->config.facts.value("batch_size", 0), 4);
    EXPECT_TRUE(run->environment.facts.contains("torch_version"));
    EXPECT_GE(run->environment.loadAverage1m.value_or(-1.0), 0.0) << "how busy the machine was is part of the record";
    // Where JPEGs were decoded is always recorded; the summary carries it only when the run
    // wanted device decoding (device_transforms on cuda).
    EXPECT_EQ(run->environment.facts.at("decode").at("site"), "cpu");
    EXPECT_FALSE(bb::test::storedJson(run->summary).contains("decode"));
    for (const auto& step : store.steps(run->id)) {
        EXPECT_EQ(step.samples, 4);
        EXPECT_GT(step.wallMs, 0);
        EXPECT_GE(step.wallMs + 1e-6, step.dataWaitMs + step.forwardMs + step.backwardMs + step.optimizerMs);
        EXPECT_TRUE(std::isfinite(step.loss));
    }
}

TEST(RunSession, CancelMidRunStoresEveryReportedStep) {
    test::TempDir dir;
    test::RecordingObserver observer;
    RunSession session(dir.file("cancel.db"), quickConfig(100000), observer);
    session.start();
    ASSERT_TRUE(observer.waitForSteps(3));
    session.cancel();
    const RunOutcome outcome = session.wait();

    EXPECT_EQ(outcome.status, RunStatus::Cancelled);
    const auto reported = observer.steps().size();
    EXPECT_GE(reported, 3u);
    EXPECT_LT(reported, 100000u);
    ResultStore store(dir.file("cancel.db"));
    const auto run = store.findRun(session.runId());
    EXPECT_EQ(run->status, RunStatus::Cancelled);
    EXPECT_EQ(store.stepCount(run->id), static_cast<std::int64_t>(reported));
}

TEST(RunSession, PausedRunMakesNoProgressUntilResumed) {
    test::TempDir dir;
    test::RecordingObserver observer;
    RunSession session(dir.file("pause.db"), quickConfig(100000), observer);
    session.start();
    ASSERT_TRUE(observer.waitForSteps(2));
    session.pause();
    // A step in flight may still finish; after that the count must stay put while paused.
    const auto settled = observer.steps().size() + 1;
    EXPECT_FALSE(observer.waitForSteps(settled + 1, std::chrono::seconds(1)));
    session.resume();
    EXPECT_TRUE(observer.waitForSteps(settled + 2));
    session.cancel();
    EXPECT_EQ(session.wait().status, RunStatus::Cancelled);
    // A step's wall carries the record of the step before it (engine/step_cycle.h), never the
    // second spent paused between them.
    for (const auto& step : observer.steps()) EXPECT_LT(step.wallMs, 1000) << "step " << step.step;
}

TEST(RunSession, InvalidConfigFailsBeforeAnythingIsStored) {
    test::TempDir dir;
    test::RecordingObserver observer;
    RunConfig config = quickConfig(5);
    config.batchSize = 0;
    EXPECT_THROW(RunSession(dir.file("bad.db"), config, observer), ConfigError);
    EXPECT_EQ(observer.startedCalls(), 0);
    EXPECT_FALSE(std::filesystem::exists(dir.file("bad.db")));
}

}  // namespace
}  // namespace bb

namespace bb {
namespace {

TEST(RunSession, TrainsTheTinyBridgeTowerPreset) {
    test::TempDir dir;
    test::RecordingObserver observer;
    RunConfig config = quickConfig(4);
    config.model = "tiny";
    config.batchSize = 4;
    RunSession session(dir.file("tiny.db"), config, observer);
    session.start();
    const RunOutcome outcome = session.wait();
    ASSERT_EQ(outcome.status, RunStatus::Completed) << outcome.error;
    EXPECT_EQ(observer.steps().size(), 4u);
    EXPECT_GT(outcome.summary.achievedFlopsPerSec, 0);
    for (const auto& step : observer.steps()) EXPECT_TRUE(std::isfinite(step.loss));
}

// A checkpoint that is no safetensors file once started a run that failed and stayed in the
// database as a failed row; it is refused before the row exists.
TEST(RunSession, ABadCheckpointIsRefusedNamingTheFileBeforeTheRunHasARow) {
    test::TempDir dir;
    const auto weights = dir.file("truncated.safetensors");
    std::ofstream(weights) << "not a checkpoint";
    test::RecordingObserver observer;
    RunConfig config = quickConfig(3);
    config.model = "tiny";
    config.weights = weights.string();
    try {
        RunSession session(dir.file("bad.db"), config, observer);
        FAIL() << "the session was made";
    } catch (const InputError& error) {
        EXPECT_NE(std::string(error.what()).find("truncated.safetensors"), std::string::npos) << error.what();
    }
    EXPECT_FALSE(std::filesystem::exists(dir.file("bad.db"))) << "the database was opened for a run refused";
}

}  // namespace
}  // namespace bb
