// Executables started in the background, for tests that act on them while they run: send a
// signal, kill a rank, watch the database fill. Every wait has a bound.
#pragma once

#include <sys/types.h>

#include <chrono>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace bb::test {

// Starts args with this process's environment plus `extraEnvironment` ("NAME=value" each).
// With `output`, stdin is /dev/null and stdout and stderr go to output + ".out" and ".err", as
// for a command a script starts without a terminal. Returns -1 when it cannot start.
pid_t spawnProcess(std::vector<std::string> args, std::vector<std::string> extraEnvironment = {},
                   const std::optional<std::filesystem::path>& output = std::nullopt);

// Waits up to `limit` for the process to end; its wait status, or nullopt when it did not.
std::optional<int> waitForStatus(pid_t pid, std::chrono::seconds limit);
// As above: the exit code, 128 + the signal that ended it, or -1 when it did not end.
int waitFor(pid_t pid, std::chrono::seconds limit);

bool alive(pid_t pid);
std::vector<pid_t> childrenOf(pid_t parent);

// A spawned process that ends with the test however the test ends. An assertion that returned
// early once left a ten-million-step two-rank run spinning on both cores, and ctest waited for
// its output pipe until the test's 300 s timeout. The test reaps it as before; what is still
// running at the end is killed with its children (found while it is their parent) and reaped.
class SpawnedRun {
public:
    explicit SpawnedRun(pid_t pid) : m_pid(pid) {}
    SpawnedRun(const SpawnedRun&) = delete;
    SpawnedRun& operator=(const SpawnedRun&) = delete;
    ~SpawnedRun();
    pid_t pid() const { return m_pid; }

private:
    pid_t m_pid;
};

// The steps of local runs committed to `db` (0 while it does not exist yet): a measured
// reference table the build ships has steps of its own, which once made a wait for the first
// steps return before a rank had started.
std::int64_t committedSteps(const std::filesystem::path& db);
bool waitForSteps(const std::filesystem::path& db, std::int64_t count, std::chrono::seconds limit);

}  // namespace bb::test
