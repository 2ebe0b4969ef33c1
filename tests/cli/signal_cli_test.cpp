// SIGINT and SIGTERM to commands started as a script starts them: no terminal, stdin from
// /dev/null. Whatever thread the kernel hands the signal to (OpenBLAS starts its threads before
// main(), with the signals unblocked, and once took the default action there: the run died
// mid-step, its row left `running`), a run is cancelled after its current step, stored as
// cancelled with a summary of what was stored, and the process then ends by that signal.
#include <signal.h>
#include <sys/wait.h>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <fstream>
#include <iterator>

#include "bridgebench/result_store.h"
#include "support/spawned_process.h"
#include "support/temp_dir.h"
#include "support/stored_summary.h"

namespace bb::signal_cli_test {
namespace {

using namespace std::chrono_literals;
using ::testing::HasSubstr;

std::string textOf(const std::filesystem::path& file) {
    std::ifstream in(file);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

std::vector<RunRecord> localRuns(const std::filesystem::path& db) {
    std::vector<RunRecord> runs;
    ResultStore store(db, StoreAccess::ReadOnly);
    for (auto& run : store.listRuns())
        if (run.origin == RunOrigin::Engine) runs.push_back(run);
    return runs;
}

// The default compute threads (no `threads=1`): OpenBLAS's own pool is what caught the signal.
const std::vector<std::string> kLongRun = {"--set", "model=mini-clip",   "--set", "dataset=synthetic-tensors",
                                           "--set", "batch_size=4",      "--set", "steps=10000000",
                                           "--set", "probe=false"};

class CliSignal : public ::testing::TestWithParam<int> {};

TEST_P(CliSignal, ARunStopsAfterItsStepStoredAsCancelledAndEndsByTheSignal) {
    const int signal = GetParam();
    test::TempDir dir;
    const auto db = dir.file("signal.db");
    std::vector<std::string> args{BB_CLI_PATH, "run"};
    args.insert(args.end(), kLongRun.begin(), kLongRun.end());
    args.insert(args.end(), {"--db", db.string()});
    const test::SpawnedRun run(test::spawnProcess(args, {}, dir.file("run")));
    ASSERT_GT(run.pid(), 0);
    ASSERT_TRUE(test::waitForSteps(db, 3, 120s)) << textOf(dir.file("run.err"));
    ASSERT_EQ(kill(run.pid(), signal), 0);
    const auto status = test::waitForStatus(run.pid(), 60s);
    ASSERT_TRUE(status) << "still running 60 s after the signal";
    EXPECT_TRUE(WIFSIGNALED(*status) && WTERMSIG(*status) == signal)
        << "wait status " << *status << "\n" << textOf(dir.file("run.err"));
    EXPECT_THAT(textOf(dir.file("run.err")), HasSubstr("Stopping after this step"));
    EXPECT_THAT(textOf(dir.file("run.out")), HasSubstr(": cancelled"));

    const auto runs = localRuns(db);
    ASSERT_EQ(runs.size(), 1u);
    EXPECT_EQ(runs[0].status, RunStatus::Cancelled);
    EXPECT_FALSE(runs[0].finishedAt.empty());
    ResultStore store(db, StoreAccess::ReadOnly);
    EXPECT_EQ(bb::test::storedJson(runs[0].summary).value("steps", std::int64_t{-1}), store.stepCount(runs[0].id))
        << "the summary counts what was stored";
}

TEST_P(CliSignal, ASweepStopsAfterItsStepAndEndsByTheSignal) {
    const int signal = GetParam();
    test::TempDir dir;
    const auto db = dir.file("sweep.db");
    const auto study = dir.file("study.json");
    std::ofstream(study) << R"({"name": "signal", "base": {"model": "mini-clip", "dataset": "synthetic-tensors",
        "steps": 10000000, "probe": false}, "grid": {"batch_size": [4, 2]}})";
    const test::SpawnedRun sweep(
        test::spawnProcess({BB_CLI_PATH, "sweep", "--config", study.string(), "--db", db.string()}, {}, dir.file("sweep")));
    ASSERT_GT(sweep.pid(), 0);
    ASSERT_TRUE(test::waitForSteps(db, 3, 120s)) << textOf(dir.file("sweep.err"));
    ASSERT_EQ(kill(sweep.pid(), signal), 0);
    const auto status = test::waitForStatus(sweep.pid(), 60s);
    ASSERT_TRUE(status) << "still running 60 s after the signal";
    EXPECT_TRUE(WIFSIGNALED(*status) && WTERMSIG(*status) == signal) << textOf(dir.file("sweep.err"));
    const auto runs = localRuns(db);
    ASSERT_EQ(runs.size(), 1u) << "the second point never started";
    EXPECT_EQ(runs[0].status, RunStatus::Cancelled);
}

INSTANTIATE_TEST_SUITE_P(IntAndTerm, CliSignal, ::testing::Values(SIGINT, SIGTERM),
                         [](const auto& info) { return info.param == SIGINT ? "Sigint" : "Sigterm"; });

}  // namespace
}  // namespace bb::signal_cli_test
