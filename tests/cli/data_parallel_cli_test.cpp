// Data parallel through bridgebench-cli, as users launch it: `devices=2` (the CLI starts its
// second rank itself), two processes given torchrun's environment, two network namespaces.
// Real processes, real TCPStore and Gloo over real sockets.
#include <netinet/in.h>
#include <signal.h>
#include <spawn.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <SQLiteCpp/SQLiteCpp.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <fstream>
#include <nlohmann/json.hpp>
#include <thread>

#include "bridgebench/result_store.h"
#include "support/process_runner.h"
#include "support/spawned_process.h"
#include "support/spinning_process.h"
#include "support/temp_dir.h"

namespace bb::data_parallel_cli_test {
namespace {

using namespace std::chrono_literals;

std::string cli(const std::string& arguments) { return test::shellQuote(BB_CLI_PATH) + " " + arguments; }

const std::string kQuickRun =
    "--set model=mini-clip --set dataset=synthetic-tensors --set batch_size=4 --set probe=false --set threads=1 ";

// A port nothing listens on now (the kernel's pick); bound and closed at once.
int freePort() {
    const int fd = socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in address{};
    address.sin_family = AF_INET;
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    bind(fd, reinterpret_cast<sockaddr*>(&address), sizeof address);
    socklen_t length = sizeof address;
    getsockname(fd, reinterpret_cast<sockaddr*>(&address), &length);
    close(fd);
    return ntohs(address.sin_port);
}

std::vector<RunRecord> localRuns(const std::filesystem::path& db) {
    std::vector<RunRecord> runs;
    if (!std::filesystem::exists(db)) return runs;
    ResultStore store(db);
    for (auto& run : store.listRuns())
        if (run.origin == RunOrigin::Engine) runs.push_back(run);
    return runs;
}

using test::alive;
using test::childrenOf;
using test::SpawnedRun;
using test::waitFor;
using test::waitForSteps;

// Starts args with this process's environment plus `extraEnvironment` ("NAME=value" each).
pid_t spawn(std::vector<std::string> args, std::vector<std::string> extraEnvironment = {}) {
    return test::spawnProcess(std::move(args), std::move(extraEnvironment));
}

TEST(CliDataParallel, DevicesTwoStartsItsSecondRankAndStoresOneRunOfBoth) {
    test::TempDir dir;
    const auto db = dir.file("dp.db");
    const auto result = test::runCommand(cli("run --json " + kQuickRun + "--set steps=6 --set devices=2 --db " +
                                             test::shellQuote(db.string())));
    ASSERT_EQ(result.exitCode, 0) << result.err << result.out;
    const auto summary = nlohmann::json::parse(result.out);
    EXPECT_EQ(summary["status"], "completed");
    ASSERT_TRUE(summary.contains("distributed")) << result.out;
    EXPECT_EQ(summary["distributed"]["world_size"], 2);
    EXPECT_EQ(summary["distributed"]["backend"], "gloo");
    EXPECT_EQ(summary["distributed"]["ranks"].size(), 2u);
    EXPECT_GT(summary["distributed"]["allreduce_full_ms"].get<double>(), 0.0);

    const auto runs = localRuns(db);
    ASSERT_EQ(runs.size(), 1u) << "rank 1 stores nothing";
    EXPECT_EQ(runs[0].deviceCount, 2);
    EXPECT_EQ(runs[0].environment.ranks.size(), 2u);
    ResultStore store(db);
    const auto steps = store.steps(runs[0].id);
    ASSERT_EQ(steps.size(), 6u);
    for (const auto& step : steps) {
        EXPECT_EQ(step.samples, 8) << "world samples: 2 ranks x batch 4";
        EXPECT_GT(step.commMs, 0.0);
    }
}

// The ranks of a `devices=2` run are other processes to each other; the figure counts the
// neighbour beside them, and is stored for the world's steps as for one process's.
// devices=64 on this two-core machine started 64 Gloo ranks without a word.
TEST(CliDataParallel, MoreRanksThanCoresOnACpuIsRefusedNamingBothBeforeARowExists) {
    test::TempDir dir;
    const auto db = dir.file("dp.db");
    const auto result = test::runCommand(cli("run " + kQuickRun + "--set steps=2 --set devices=1024 --db " +
                                             test::shellQuote(db.string())));
    EXPECT_EQ(result.exitCode, 2) << result.err << result.out;
    EXPECT_NE(result.err.find("devices"), std::string::npos) << result.err;
    EXPECT_NE(result.err.find("1024 ranks on cpu"), std::string::npos) << result.err;
    EXPECT_TRUE(localRuns(db).empty()) << "no row for a refused run";
}

TEST(CliDataParallel, ABusyNeighbourShowsInTheWorldsStepsAndSummary) {
    test::TempDir dir;
    const auto db = dir.file("dp.db");
    test::SpinningProcess neighbour;
    const auto result = test::runCommand(cli("run --json " + kQuickRun + "--set steps=150 --set devices=2 --db " +
                                             test::shellQuote(db.string())));
    ASSERT_EQ(result.exitCode, 0) << result.err << result.out;
    const auto summary = nlohmann::json::parse(result.out);
    ASSERT_TRUE(summary.contains("other_cpu_cores")) << summary.dump();
    // The neighbour gets at least a third of a core beside two ranks on any machine.
    EXPECT_GT(summary["other_cpu_cores"].get<double>(), 0.3);
    const auto runs = localRuns(db);
    ASSERT_EQ(runs.size(), 1u);
    const auto steps = ResultStore(db).steps(runs[0].id);
    ASSERT_FALSE(steps.empty());
    EXPECT_TRUE(std::isfinite(steps.back().otherCpuCores)) << "the last step has its window's figure";
}

// The study's grid with the device count in it, as `sweep --preset study-devices` runs it.
TEST(CliDataParallel, ASweepWithDevicesInItsGridRunsEachPointAtItsWorldSize) {
    test::TempDir dir;
    const auto db = dir.file("sweep.db");
    const auto studyFile = dir.file("study.json");
    std::ofstream(studyFile) << R"({"name": "by devices", "base": {"model": "mini-clip", "dataset": "synthetic-tensors",
        "batch_size": 4, "steps": 4, "warmup_steps": 1, "probe": false, "threads": 1}, "grid": {"devices": [1, 2]}})";
    const auto result = test::runCommand(cli("sweep --json --config " + test::shellQuote(studyFile.string()) +
                                             " --db " + test::shellQuote(db.string())));
    ASSERT_EQ(result.exitCode, 0) << result.err << result.out;
    const auto outcome = nlohmann::json::parse(result.out);
    EXPECT_EQ(outcome["completed"], 2);
    ASSERT_EQ(outcome["points"].size(), 2u) << result.out;
    const auto& single = outcome["points"][0];
    const auto& pair = outcome["points"][1];
    EXPECT_EQ(single["devices"], 1);
    EXPECT_EQ(pair["devices"], 2);
    EXPECT_TRUE(single["predicted_samples_per_s"].is_number()) << single.dump();
    // One process's measurements cannot predict two ranks' all-reduce: no figure rather than a wrong one.
    EXPECT_TRUE(pair["predicted_samples_per_s"].is_null()) << pair.dump();

    const auto runs = localRuns(db);
    ASSERT_EQ(runs.size(), 2u) << "rank 1 of the second point stores nothing";
    std::vector<std::int64_t> deviceCounts;
    for (const auto& run : runs) deviceCounts.push_back(run.deviceCount.value_or(0));
    std::sort(deviceCounts.begin(), deviceCounts.end());
    EXPECT_EQ(deviceCounts, (std::vector<std::int64_t>{1, 2}));
    ResultStore store(db);
    for (const auto& run : runs)
        for (const auto& step : store.steps(run.id)) EXPECT_EQ(step.samples, 4 * run.deviceCount.value_or(0)) << run.name;
}

// The scripts below run as one subshell: runCommand's redirections apply to the last command
// of a list only.

TEST(CliDataParallel, TwoProcessesWithTorchrunsEnvironmentJoinAsOneRun) {
    test::TempDir dir;
    const auto db = dir.file("torchrun.db");
    const std::string env = "WORLD_SIZE=2 LOCAL_WORLD_SIZE=2 MASTER_ADDR=127.0.0.1 MASTER_PORT=" +
                            std::to_string(freePort()) + " ";
    const std::string run = cli("run " + kQuickRun + "--set steps=4 --set ddp_timeout_s=60 --db " +
                                test::shellQuote(db.string()));
    const std::string script = "((RANK=1 LOCAL_RANK=1 " + env + run + " > " + test::shellQuote(dir.file("r1.out")) +
                               " 2>&1; echo $? > " + test::shellQuote(dir.file("r1.rc")) + ") & RANK=0 LOCAL_RANK=0 " +
                               env + run + "; rc=$?; wait; exit $rc)";
    const auto result = test::runCommand(script);
    ASSERT_EQ(result.exitCode, 0) << result.err << result.out;
    std::ifstream rc(dir.file("r1.rc"));
    int rank1 = -1;
    rc >> rank1;
    EXPECT_EQ(rank1, 0);
    const auto runs = localRuns(db);
    ASSERT_EQ(runs.size(), 1u);
    EXPECT_EQ(runs[0].deviceCount, 2);
    EXPECT_EQ(runs[0].status, RunStatus::Completed);
    EXPECT_EQ(runs[0].environment.facts.value("launcher", std::string()), "torchrun");
}

// Rank 1 sets `setting` where rank 0 keeps the default: both must refuse, exit 2, before a row.
void expectRanksRefuse(const std::string& setting, const std::string& key, const std::string& rank1Has) {
    test::TempDir dir;
    const auto db = dir.file("disagree.db");
    const std::string env = "WORLD_SIZE=2 MASTER_ADDR=127.0.0.1 MASTER_PORT=" + std::to_string(freePort()) + " ";
    const std::string base = kQuickRun + "--set steps=4 --set ddp_timeout_s=60 --db " + test::shellQuote(db.string());
    const std::string script = "((RANK=1 " + env + cli("run " + base + " --set " + setting) + " > /dev/null 2>&1; echo $? > " +
                               test::shellQuote(dir.file("r1.rc")) + ") & RANK=0 " + env + cli("run " + base) +
                               "; rc=$?; wait; exit $rc)";
    const auto result = test::runCommand(script);
    EXPECT_EQ(result.exitCode, 2) << result.err;
    EXPECT_NE(result.err.find(key), std::string::npos) << result.err;
    EXPECT_NE(result.err.find("rank 1 has " + rank1Has), std::string::npos) << result.err;
    std::ifstream rc(dir.file("r1.rc"));
    int rank1 = -1;
    rc >> rank1;
    EXPECT_EQ(rank1, 2);
    EXPECT_TRUE(localRuns(db).empty()) << "refused before a run row was created";
}

TEST(CliDataParallel, RanksThatDisagreeOnTheWorkloadRefuseToStartNamingKeyAndRanks) {
    expectRanksRefuse("batch_size=8", "batch_size", "8");
    // Two AdamW kernels round differently: the replicas would drift apart.
    expectRanksRefuse("optimizer_kernel=foreach", "optimizer_kernel", "\"foreach\"");
}

TEST(CliDataParallel, AMissingVariableIsExit2NamingIt) {
    test::TempDir dir;
    const auto db = dir.file("missing.db");
    const auto result = test::runCommand("RANK=0 WORLD_SIZE=2 MASTER_PORT=29999 " +
                                         cli("run " + kQuickRun + "--db " + test::shellQuote(db.string())));
    EXPECT_EQ(result.exitCode, 2) << result.err;
    EXPECT_NE(result.err.find("MASTER_ADDR"), std::string::npos) << result.err;
    EXPECT_TRUE(localRuns(db).empty());
}

TEST(CliDataParallel, APortInUseIsExit2NamingIt) {
    const int fd = socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in address{};
    address.sin_family = AF_INET;
    address.sin_addr.s_addr = htonl(INADDR_ANY);
    ASSERT_EQ(bind(fd, reinterpret_cast<sockaddr*>(&address), sizeof address), 0);
    ASSERT_EQ(listen(fd, 1), 0);
    socklen_t length = sizeof address;
    getsockname(fd, reinterpret_cast<sockaddr*>(&address), &length);
    const int port = ntohs(address.sin_port);
    test::TempDir dir;
    const auto result = test::runCommand("RANK=0 WORLD_SIZE=2 MASTER_ADDR=127.0.0.1 MASTER_PORT=" + std::to_string(port) +
                                         " " + cli("run " + kQuickRun + "--set ddp_timeout_s=5 --db " +
                                                   test::shellQuote(dir.file("port.db").string())));
    close(fd);
    EXPECT_EQ(result.exitCode, 2) << result.err;
    EXPECT_NE(result.err.find("MASTER_PORT"), std::string::npos) << result.err;
    EXPECT_NE(result.err.find(std::to_string(port)), std::string::npos) << result.err;
}

TEST(CliDataParallel, AnUnreachableStoreIsExit2WithinTheTimeout) {
    test::TempDir dir;
    const auto started = std::chrono::steady_clock::now();
    const auto result = test::runCommand("RANK=1 WORLD_SIZE=2 MASTER_ADDR=127.0.0.1 MASTER_PORT=" +
                                         std::to_string(freePort()) + " " +
                                         cli("run " + kQuickRun + "--set ddp_timeout_s=3 --db " +
                                             test::shellQuote(dir.file("none.db").string())));
    EXPECT_EQ(result.exitCode, 2) << result.err;
    EXPECT_NE(result.err.find("MASTER_ADDR"), std::string::npos) << result.err;
    EXPECT_LT(std::chrono::steady_clock::now() - started, 60s);
}

TEST(CliDataParallel, KillingRankOneFailsTheRunNamingItAndLeavesNoProcess) {
    test::TempDir dir;
    const auto db = dir.file("killed.db");
    {
        ResultStore create(db);
    }
    const SpawnedRun run(spawn({BB_CLI_PATH, "run", "--set", "model=mini-clip", "--set", "dataset=synthetic-tensors",
                                "--set", "batch_size=4", "--set", "threads=1", "--set", "steps=10000000", "--set",
                                "devices=2", "--set", "ddp_timeout_s=30", "--db", db.string()}));
    ASSERT_GT(run.pid(), 0);
    const pid_t parent = run.pid();
    ASSERT_TRUE(waitForSteps(db, 3, 180s)) << "no steps stored";
    const auto children = childrenOf(parent);
    ASSERT_EQ(children.size(), 1u) << "one started rank";
    ASSERT_EQ(kill(children[0], SIGKILL), 0);
    const int exitCode = waitFor(parent, 90s);
    if (exitCode < 0) kill(parent, SIGKILL), waitFor(parent, 10s);
    ASSERT_EQ(exitCode, 1) << "the parent must end with a failed run within the timeout";
    EXPECT_FALSE(alive(children[0]));

    SQLite::Database raw(db.string(), SQLite::OPEN_READONLY);
    EXPECT_EQ(raw.execAndGet("PRAGMA integrity_check").getString(), "ok");
    const auto runs = localRuns(db);
    ASSERT_EQ(runs.size(), 1u);
    EXPECT_EQ(runs[0].status, RunStatus::Failed);
    EXPECT_NE(runs[0].error.find("rank 1"), std::string::npos) << runs[0].error;
    EXPECT_NE(runs[0].error.find("signal 9"), std::string::npos) << runs[0].error;
    ResultStore store(db);
    EXPECT_GE(store.stepCount(runs[0].id), 3) << "rows already stored stay";
}

TEST(CliDataParallel, KillingTheParentTakesItsRanksWithItAndLeavesNoFileBehind) {
    test::TempDir dir;
    const auto db = dir.file("orphans.db");
    // Where the parent writes the config its ranks start from.
    const auto temporary = dir.file("tmp");
    std::filesystem::create_directory(temporary);
    const SpawnedRun run(spawn({BB_CLI_PATH, "run", "--set", "model=mini-clip", "--set", "dataset=synthetic-tensors",
                                "--set", "batch_size=4", "--set", "threads=1", "--set", "steps=10000000", "--set",
                                "devices=2", "--db", db.string()},
                               {"TMPDIR=" + temporary.string()}));
    ASSERT_GT(run.pid(), 0);
    const pid_t parent = run.pid();
    ASSERT_TRUE(waitForSteps(db, 2, 180s));
    const auto children = childrenOf(parent);
    ASSERT_EQ(children.size(), 1u);
    kill(parent, SIGKILL);
    waitFor(parent, 10s);
    const auto deadline = std::chrono::steady_clock::now() + 30s;
    while (alive(children[0]) && std::chrono::steady_clock::now() < deadline) std::this_thread::sleep_for(20ms);
    EXPECT_FALSE(alive(children[0])) << "rank 1 outlived the parent";
    std::vector<std::string> left;
    for (const auto& entry : std::filesystem::directory_iterator(temporary)) left.push_back(entry.path().filename());
    EXPECT_TRUE(left.empty()) << "left in TMPDIR: " << left.front();
}

TEST(CliDataParallel, InterruptStopsBothRanksAfterTheSameStepAsCancelled) {
    test::TempDir dir;
    const auto db = dir.file("interrupt.db");
    const SpawnedRun run(spawn({BB_CLI_PATH, "run", "--set", "model=mini-clip", "--set", "dataset=synthetic-tensors",
                                "--set", "batch_size=4", "--set", "threads=1", "--set", "steps=10000000", "--set",
                                "devices=2", "--set", "probe=false", "--db", db.string()}));
    ASSERT_GT(run.pid(), 0);
    const pid_t parent = run.pid();
    ASSERT_TRUE(waitForSteps(db, 2, 180s));
    const auto children = childrenOf(parent);
    ASSERT_EQ(children.size(), 1u);
    kill(parent, SIGINT);
    const int exitCode = waitFor(parent, 60s);
    if (exitCode < 0) kill(parent, SIGKILL), waitFor(parent, 10s);
    EXPECT_EQ(exitCode, 128 + SIGINT) << "stored, then ended by the signal, as the shell expects";
    EXPECT_FALSE(alive(children[0]));
    const auto runs = localRuns(db);
    ASSERT_EQ(runs.size(), 1u);
    EXPECT_EQ(runs[0].status, RunStatus::Cancelled);
}

// Two network namespaces joined by a veth pair: each rank on its own "host", talking over a
// real interface, with MASTER_ADDR the first one's address. Needs root and iproute2.
TEST(CliDataParallel, TwoHostsOverAVethPairTrainAsOneRun) {
    if (geteuid() != 0) GTEST_SKIP() << "needs root for ip netns";
    const std::string tag = std::to_string(getpid() % 100000);
    const std::string a = "bba" + tag, b = "bbb" + tag;
    const std::string setup = "ip netns add " + a + " && ip netns add " + b + " && ip link add va" + tag +
                              " type veth peer name vb" + tag + " && ip link set va" + tag + " netns " + a +
                              " && ip link set vb" + tag + " netns " + b + " && ip -n " + a + " addr add 10.213.7.1/24 dev va" +
                              tag + " && ip -n " + b + " addr add 10.213.7.2/24 dev vb" + tag + " && ip -n " + a +
                              " link set va" + tag + " up && ip -n " + b + " link set vb" + tag + " up && ip -n " + a +
                              " link set lo up && ip -n " + b + " link set lo up";
    const auto made = test::runCommand(setup);
    struct Cleanup {
        std::string a, b;
        ~Cleanup() { test::runCommand("ip netns del " + a + " 2>/dev/null; ip netns del " + b + " 2>/dev/null"); }
    } cleanup{a, b};
    if (made.exitCode != 0) GTEST_SKIP() << "ip netns is not available here: " << made.err;

    test::TempDir dir;
    const auto db = dir.file("hosts.db");
    const std::string env = "WORLD_SIZE=2 MASTER_ADDR=10.213.7.1 MASTER_PORT=29613 ";
    const std::string run = cli("run " + kQuickRun + "--set steps=4 --set ddp_timeout_s=60 --db " +
                                test::shellQuote(db.string()));
    const std::string script = "((ip netns exec " + b + " env RANK=1 GLOO_SOCKET_IFNAME=vb" + tag + " " + env + run +
                               " > " + test::shellQuote(dir.file("r1.out")) + " 2>&1; echo $? > " +
                               test::shellQuote(dir.file("r1.rc")) + ") & ip netns exec " + a +
                               " env RANK=0 GLOO_SOCKET_IFNAME=va" + tag + " " + env + run + "; rc=$?; wait; exit $rc)";
    const auto result = test::runCommand(script);
    ASSERT_EQ(result.exitCode, 0) << result.err << result.out;
    std::ifstream rc(dir.file("r1.rc"));
    int rank1 = -1;
    rc >> rank1;
    EXPECT_EQ(rank1, 0);
    const auto runs = localRuns(db);
    ASSERT_EQ(runs.size(), 1u);
    EXPECT_EQ(runs[0].deviceCount, 2);
    EXPECT_EQ(runs[0].status, RunStatus::Completed);
}

}  // namespace
}  // namespace bb::data_parallel_cli_test
