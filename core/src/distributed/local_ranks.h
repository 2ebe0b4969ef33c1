// The ranks `devices=N` starts on this machine: N - 1 child processes of bridgebench-cli,
// each given torchrun's variables, so that they join exactly as under torchrun. This process
// is rank 0.
//
// No orphans: each child asks the kernel to kill it when this process's launching thread
// ends (PR_SET_PDEATHSIG), which also covers kill -9 of this process; the destructor ends
// and reaps the children that are still there.
#pragma once

#include <filesystem>
#include <string>
#include <sys/types.h>
#include <vector>

#include "distributed/world.h"

namespace bb {

class LocalRanks {
public:
    // Starts ranks 1 .. world.size - 1 running `cli run --config configFile`. Their stdout
    // goes nowhere (a --json parent owns stdout); stderr is shared. Throws Error naming the
    // executable when it cannot be started.
    LocalRanks(const std::filesystem::path& cli, const std::filesystem::path& configFile, const World& world);
    ~LocalRanks();
    LocalRanks(const LocalRanks&) = delete;
    LocalRanks& operator=(const LocalRanks&) = delete;

    // "" while rank is running or exited 0; else what ended it ("exited with status 1",
    // "killed by signal 9"). Waits up to graceMs for a rank that is about to end.
    std::string failureOf(int rank, int graceMs);
    // Waits up to timeoutMs for every child to exit, then kills those left. Returns the
    // ranks that failed, described.
    std::vector<std::string> waitAll(int timeoutMs);
    // SIGTERM, a short grace, then SIGKILL for those left; reaps all.
    void stopAll();
    std::vector<pid_t> pids() const;

private:
    struct Child {
        int rank = 0;
        pid_t pid = -1;
        bool reaped = false;
        int status = 0;
    };
    bool reap(Child& child, bool block);
    std::vector<Child> m_children;
};

// bridgebench-cli beside the running executable, else $BRIDGEBENCH_CLI. The GUI and the
// tests start local ranks through it.
std::filesystem::path findCliExecutable();

}  // namespace bb
