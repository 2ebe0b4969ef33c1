// A CPU run says, before its first step, when other processes hold the cores its compute
// threads need: the figures from such a run can be many times slower than on free cores.
#include "engine/core_contention.h"

#include <filesystem>
#include <memory>
#include <utility>
#include <thread>
#include <vector>

#include <fmt/format.h>
#include <gtest/gtest.h>

#include "bridgebench/result_store.h"
#include "bridgebench/run_session.h"
#include "engine/trainer.h"
#include "support/busy_cores.h"
#include "support/recording_observer.h"
#include "support/spinning_process.h"
#include "support/temp_dir.h"
#include "support/stored_summary.h"

namespace bb::core_contention_test {
namespace {

std::string textOf(const std::optional<Note>& note) { return note ? note->text : std::string(); }

TEST(CoreContention, TwoThreadsOnTwoCoresWithAnotherProcessOnOneAreToldToUseOne) {
    // As seen during a build: 0.8 of 2 cores held, the default 2 compute threads.
    const std::string warning = textOf(contentionWarning({.cores = 2, .availableCores = 1.2, .computeThreads = 2, .workers = 0}));
    EXPECT_NE(warning.find("other processes held 0.8 of the 2 cores at the start"), std::string::npos) << warning;
    EXPECT_NE(warning.find("set threads=1"), std::string::npos) << warning;
    // Workers need their cores too: the suggestion leaves them theirs.
    const std::string withWorkers =
        textOf(contentionWarning({.cores = 16, .availableCores = 13.0, .computeThreads = 14, .workers = 2}));
    EXPECT_NE(withWorkers.find("14 compute threads and 2 loader workers need 16"), std::string::npos) << withWorkers;
    EXPECT_NE(withWorkers.find("set threads=11"), std::string::npos) << withWorkers;
}

TEST(CoreContention, FreeCoresOneComputeThreadOrRoomToSpareSayNothing) {
    EXPECT_EQ(textOf(contentionWarning({.cores = 2, .availableCores = 1.9, .computeThreads = 2, .workers = 0})), "");
    EXPECT_EQ(textOf(contentionWarning({.cores = 2, .availableCores = 0.6, .computeThreads = 1, .workers = 0})), "");
    EXPECT_EQ(textOf(contentionWarning({.cores = 16, .availableCores = 12.0, .computeThreads = 8, .workers = 2})), "");
}

TEST(CoreContention, TheThreadsThatFitLeaveTheWorkersTheirCores) {
    EXPECT_EQ(threadsThatFit({.cores = 2, .availableCores = 1.2, .computeThreads = 2, .workers = 0}), 1);
    EXPECT_EQ(threadsThatFit({.cores = 2, .availableCores = 0.3, .computeThreads = 2, .workers = 0}), 1);
    EXPECT_EQ(threadsThatFit({.cores = 16, .availableCores = 13.0, .computeThreads = 14, .workers = 2}), 11);
    EXPECT_EQ(threadsThatFit({.cores = 16, .availableCores = 2.0, .computeThreads = 14, .workers = 2}), 1);
    EXPECT_EQ(threadsThatFit({.cores = 2, .availableCores = 1.9, .computeThreads = 2, .workers = 0}), std::nullopt);
    EXPECT_EQ(threadsThatFit({.cores = 2, .availableCores = 0.6, .computeThreads = 1, .workers = 0}), std::nullopt);
    const std::string note =
        fewerThreadsChosenNote({.cores = 2, .availableCores = 0.8, .computeThreads = 2, .workers = 0}, 1).text;
    EXPECT_NE(note.find("held 1.2 of the 2 cores at the start, so the run computes on 1 thread instead of 2"),
              std::string::npos) << note;
    EXPECT_NE(note.find("set threads=2 to measure with 2"), std::string::npos) << note;
}

TEST(CoreContention, OnlyACpuRunInOneProcessIsMeasured) {
    RunConfig config;
    config.threads = 3;
    EXPECT_TRUE(measureCoreContention(config, /*distributed=*/true, std::chrono::milliseconds(10)) == std::nullopt);
    config.device = "cuda:0";
    EXPECT_TRUE(measureCoreContention(config, false, std::chrono::milliseconds(10)) == std::nullopt);
    config.device = "cpu";
    const auto measured = measureCoreContention(config, false, std::chrono::milliseconds(50));
    ASSERT_TRUE(measured.has_value());
    EXPECT_EQ(measured->computeThreads, 3);
    EXPECT_GT(measured->availableCores, 0.0);
}

// A build at nice 19 lets busy threads win its cores, so the probe's spinners alone read the
// machine as free (1.93 of 2 cores beside one), yet it made 2 compute threads 6-10x slower.
// What the others use while the run waits catches it.
TEST(CoreContention, NicedProcessesOnEveryCoreCountAsHoldingThem) {
    const int cores = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
    std::vector<std::unique_ptr<test::SpinningProcess>> build;
    for (int i = 0; i < cores; ++i) build.push_back(std::make_unique<test::SpinningProcess>(19));
    RunConfig config;
    const auto measured = measureCoreContention(config, false, std::chrono::milliseconds(150));
    build.clear();
    ASSERT_TRUE(measured.has_value());
    EXPECT_LT(measured->availableCores, cores - 0.5);
    if (cores >= 2) {
        EXPECT_TRUE(threadsThatFit(*measured).has_value()) << measured->availableCores;
    }
}

// A two-step run of `config` while two busy threads a core hold the machine: they leave the
// run's start-of-run spinners a third of each core, whatever the core count.
std::pair<RunOutcome, std::int64_t> runBesideBusyCores(const std::filesystem::path& db, RunConfig config,
                                                       test::RecordingObserver& observer) {
    const int cores = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
    const test::BusyCores hogs(2 * cores);
    config.steps = 2;
    config.batchSize = 2;
    config.warmupSteps = 0;
    RunSession session(db, config, observer);
    session.start();
    return {session.wait(), session.runId()};
}

// A real run while busy threads hold every core: its observer hears of it before the first
// step, and the summary keeps what was measured.
TEST(CoreContention, ARunStartedWhileEveryCoreIsBusySaysSoBeforeItsFirstStep) {
    const int cores = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
    test::TempDir dir;
    test::RecordingObserver observer;
    RunConfig config;
    // At least two compute threads have someone to wait for.
    config.threads = std::max(2, cores);
    const auto [outcome, runId] = runBesideBusyCores(dir.file("runs.db"), config, observer);
    ASSERT_EQ(outcome.status, RunStatus::Completed) << outcome.error;
    const auto warnings = observer.startWarnings();
    ASSERT_EQ(warnings.size(), 1u);
    EXPECT_NE(warnings.front().find("compute threads"), std::string::npos) << warnings.front();
    EXPECT_GT(outcome.summary.availableCoresAtStart, 0.0);
    EXPECT_LT(outcome.summary.availableCoresAtStart, cores - 0.5);
    ResultStore store(dir.file("runs.db"));
    const auto run = store.findRun(runId);
    ASSERT_TRUE(run);
    EXPECT_DOUBLE_EQ(bb::test::storedJson(run->summary).value("available_cores_at_start", 0.0), outcome.summary.availableCoresAtStart.value_or(0.0));
}

// threads=0 while busy threads hold every core: the engine computes on the cores the others
// left, says so before the first step, and the row records the count used and the one it
// would have taken.
TEST(CoreContention, ARunThatLeavesThreadsToTheEngineComputesOnTheCoresOthersLeft) {
    const int cores = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
    if (cores < 2) GTEST_SKIP() << "one core: one compute thread already";
    test::TempDir dir;
    test::RecordingObserver observer;
    RunConfig config;
    const auto [outcome, runId] = runBesideBusyCores(dir.file("runs.db"), config, observer);
    ASSERT_EQ(outcome.status, RunStatus::Completed) << outcome.error;
    const int free = chooseIntraOpThreads(config);
    const auto fit = threadsThatFit({.cores = cores,
                                     .availableCores = outcome.summary.availableCoresAtStart.value_or(0.0),
                                     .computeThreads = free,
                                     .workers = 0});
    ASSERT_TRUE(fit.has_value()) << outcome.summary.availableCoresAtStart.value_or(-1.0);
    ASSERT_LT(*fit, free);
    const auto warnings = observer.startWarnings();
    ASSERT_EQ(warnings.size(), 1u);
    EXPECT_NE(warnings.front().find(fmt::format("computes on {} thread", *fit)), std::string::npos) << warnings.front();

    ResultStore store(dir.file("runs.db"));
    const auto run = store.findRun(runId);
    ASSERT_TRUE(run);
    EXPECT_EQ(run->config.threads.value_or(-1), 0) << "the config keeps what the user asked";
    EXPECT_EQ(run->environment.intraOpThreads, *fit);
    EXPECT_EQ(run->environment.intraOpThreadsInsteadOf, free);
}

}  // namespace
}  // namespace bb::core_contention_test
