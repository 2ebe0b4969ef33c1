// The store survives a killed process, a read-only file and a full disk: the file stays
// intact and everything committed before stays readable.
#include <signal.h>
#include <spawn.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <SQLiteCpp/SQLiteCpp.h>
#include <gtest/gtest.h>

#include <chrono>
#include <fstream>
#include <sstream>

#include "bridgebench/result_store.h"
#include "support/process_runner.h"
#include "support/temp_dir.h"
#include "support/stored_summary.h"

extern char** environ;

namespace bb {
namespace {

std::string integrityOf(const std::filesystem::path& file) {
    SQLite::Database raw(file.string(), SQLite::OPEN_READONLY);
    return raw.execAndGet("PRAGMA integrity_check").getString();
}

std::int64_t committedSteps(const std::filesystem::path& file) {
    SQLite::Database raw(file.string(), SQLite::OPEN_READONLY);
    raw.setBusyTimeout(5000);
    // The run's own: a shipped measured reference table has steps too.
    return raw.execAndGet("SELECT count(*) FROM steps JOIN runs ON runs.id = steps.run_id WHERE runs.source = 'local'")
        .getInt64();
}

std::string fileBytes(const std::filesystem::path& file) {
    std::ifstream in(file, std::ios::binary);
    std::stringstream buffer;
    buffer << in.rdbuf();
    return buffer.str();
}

TEST(CrashSafety, SigkillMidRunLeavesAnIntactFileAndAnInterruptedRun) {
    test::TempDir dir;
    const auto db = dir.file("killed.db");
    {
        ResultStore create(db);  // so the child only appends
    }
    std::vector<std::string> args{BB_CLI_PATH, "run", "--set", "steps=10000000", "--set", "name=doomed",
                                  "--db", db.string()};
    std::vector<char*> argv;
    for (auto& arg : args) argv.push_back(arg.data());
    argv.push_back(nullptr);
    pid_t child = 0;
    ASSERT_EQ(posix_spawn(&child, BB_CLI_PATH, nullptr, nullptr, argv.data(), environ), 0);

    // Wait (bounded) until at least two flushes' worth of steps are committed.
    std::int64_t before = 0;
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(120);
    while (std::chrono::steady_clock::now() < deadline) {
        try {
            before = committedSteps(db);
        } catch (const SQLite::Exception&) {
            before = 0;
        }
        if (before >= 20) break;
        // Polling a file another process writes: there is no signal to wait on.
        usleep(50'000);
    }
    // Killed before anything is asserted: a ten-million-step run that committed too little must
    // not outlive the test (ctest would wait on its output until the timeout).
    ASSERT_EQ(kill(child, SIGKILL), 0);
    int status = 0;
    waitpid(child, &status, 0);
    ASSERT_GE(before, 20) << "the run did not commit steps in time";
    ASSERT_TRUE(WIFSIGNALED(status));

    EXPECT_EQ(integrityOf(db), "ok");
    ResultStore store(db);
    EXPECT_EQ(store.interruptedAtOpen(), 1);
    const auto run = store.findRun(std::string("doomed"));
    ASSERT_TRUE(run);
    EXPECT_EQ(run->status, RunStatus::Interrupted);
    EXPECT_GE(store.stepCount(run->id), before);
}

TEST(CrashSafety, ReadOnlyDatabaseGivesAClearErrorAndStaysIntact) {
    test::TempDir dir;
    const auto db = dir.file("locked.db");
    {
        ResultStore create(db);
    }
    // WAL mode keeps -wal/-shm files beside the database; checkpoint them away so the file
    // alone is the whole database.
    {
        SQLite::Database raw(db.string(), SQLite::OPEN_READWRITE);
        raw.exec("PRAGMA journal_mode = DELETE");
    }
    // Root ignores file modes, so as root the CLI runs as 'nobody', from a copy in the test's
    // folder: the build tree may sit where 'nobody' cannot reach.
    const auto cliCopy = dir.file("bridgebench-cli");
    std::filesystem::copy_file(BB_CLI_PATH, cliCopy);
    chmod(cliCopy.c_str(), 0755);
    chmod(db.c_str(), 0444);
    chmod(dir.path().c_str(), 0555);
    const std::string before = fileBytes(db);
    const std::string prefix = geteuid() == 0 ? "setpriv --reuid=65534 --regid=65534 --clear-groups " : "";
    const auto result = test::runCommand(prefix + test::shellQuote(cliCopy.string()) + " run --set steps=3 --db " +
                                         test::shellQuote(db.string()));
    chmod(dir.path().c_str(), 0755);
    EXPECT_EQ(result.exitCode, 1) << result.err;
    EXPECT_NE(result.err.find("locked.db"), std::string::npos) << result.err;
    EXPECT_EQ(fileBytes(db), before);
    EXPECT_EQ(integrityOf(db), "ok");
}

TEST(CrashSafety, FullDiskFailsTheRunAndKeepsCommittedSteps) {
    test::TempDir dir;
    const auto db = dir.file("full.db");
    {
        ResultStore create(db);
    }
    // `ulimit -f` caps file size for the child: writes past it fail as on a full disk
    // (SIGXFSZ ignored, so the write returns EFBIG instead of killing the process).
    const auto result = test::runCommand("ulimit -f 600; trap '' XFSZ; exec " + test::shellQuote(BB_CLI_PATH) +
                                         " run --set steps=100000000 --set name=overflow --db " +
                                         test::shellQuote(db.string()));
    EXPECT_EQ(result.exitCode, 1) << result.out << result.err;
    EXPECT_NE(result.out.find("full.db"), std::string::npos) << result.out;
    EXPECT_EQ(integrityOf(db), "ok");
    ResultStore store(db);
    const auto run = store.findRun(std::string("overflow"));
    ASSERT_TRUE(run);
    EXPECT_TRUE(run->status == RunStatus::Failed || run->status == RunStatus::Interrupted)
        << toString(run->status);
    EXPECT_GT(store.stepCount(run->id), 0);
    // The disk filled while training went on: the text says how many steps were lost, and a
    // stored summary counts only the stored steps (it once claimed 159 where 53 were stored).
    EXPECT_NE(result.out.find("more steps were trained but could not be stored"), std::string::npos) << result.out;
    if (run->status == RunStatus::Failed) {
        EXPECT_EQ(bb::test::storedJson(run->summary).value("steps", std::int64_t{-1}), store.stepCount(run->id));
        EXPECT_GT(bb::test::storedJson(run->summary).value("steps_not_stored", std::int64_t{0}), 0);
    }
}

}  // namespace
}  // namespace bb
