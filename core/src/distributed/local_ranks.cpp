#include "distributed/local_ranks.h"

#include <chrono>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>

#include <fmt/format.h>

#include "bridgebench/errors.h"

extern char** environ;

namespace bb {

namespace {

std::string describeStatus(int status) {
    if (WIFEXITED(status)) return fmt::format("exited with status {}", WEXITSTATUS(status));
    if (WIFSIGNALED(status)) return fmt::format("killed by signal {} ({})", WTERMSIG(status), strsignal(WTERMSIG(status)));
    return "ended";
}

// Everything the child needs is built before fork: between fork and exec only
// async-signal-safe calls are allowed in a multi-threaded parent.
struct ChildImage {
    std::vector<std::string> argStorage;
    std::vector<std::string> envStorage;
    std::vector<char*> argv;
    std::vector<char*> envp;
};

ChildImage childImage(const std::filesystem::path& cli, const std::filesystem::path& configFile, const World& world) {
    ChildImage image;
    image.argStorage = {cli.string(), "run", "--config", configFile.string()};
    std::vector<std::string> replaced;
    for (const auto& [name, value] : torchrunVariables(world)) {
        image.envStorage.push_back(name + "=" + value);
        replaced.push_back(name + "=");
    }
    image.envStorage.emplace_back("BRIDGEBENCH_LAUNCHER=local");
    replaced.emplace_back("BRIDGEBENCH_LAUNCHER=");
    for (char** entry = environ; *entry; ++entry) {
        const std::string_view text(*entry);
        const bool ours = std::any_of(replaced.begin(), replaced.end(),
                                      [&](const std::string& prefix) { return text.rfind(prefix, 0) == 0; });
        if (!ours) image.envStorage.emplace_back(text);
    }
    for (auto& arg : image.argStorage) image.argv.push_back(arg.data());
    image.argv.push_back(nullptr);
    for (auto& env : image.envStorage) image.envp.push_back(env.data());
    image.envp.push_back(nullptr);
    return image;
}

}  // namespace

std::filesystem::path findCliExecutable() {
    if (const char* explicitPath = std::getenv("BRIDGEBENCH_CLI"); explicitPath && *explicitPath) return explicitPath;
    std::error_code error;
    const auto self = std::filesystem::read_symlink("/proc/self/exe", error);
    if (!error) {
        for (const auto& candidate : {self.parent_path() / "bridgebench-cli", self.parent_path() / "../app/bridgebench-cli",
                                      self.parent_path() / "../../app/bridgebench-cli"})
            if (std::filesystem::is_regular_file(candidate)) return std::filesystem::weakly_canonical(candidate);
    }
    throw ConfigError("devices", "data parallel starts its other ranks through bridgebench-cli, which is neither "
                                 "beside this program nor named by $BRIDGEBENCH_CLI");
}

LocalRanks::LocalRanks(const std::filesystem::path& cli, const std::filesystem::path& configFile, const World& world) {
    const pid_t parent = getpid();
    for (int rank = 1; rank < world.size; ++rank) {
        World child = world;
        child.rank = rank;
        child.localRank = rank;
        ChildImage image = childImage(cli, configFile, child);
        const pid_t pid = fork();
        if (pid < 0) {
            stopAll();
            throw Error(fmt::format("cannot start rank {}: fork failed: {}", rank, std::strerror(errno)));
        }
        if (pid == 0) {
            prctl(PR_SET_PDEATHSIG, SIGKILL);
            if (getppid() != parent) _exit(127);  // the parent died before prctl took effect
            sigset_t none;
            sigemptyset(&none);
            sigprocmask(SIG_SETMASK, &none, nullptr);  // the CLI blocks SIGINT for its signal thread
            const int devNull = open("/dev/null", O_WRONLY);
            if (devNull >= 0) dup2(devNull, STDOUT_FILENO);
            execve(image.argv[0], image.argv.data(), image.envp.data());
            _exit(127);
        }
        m_children.push_back({rank, pid});
    }
}

LocalRanks::~LocalRanks() { stopAll(); }

bool LocalRanks::reap(Child& child, bool block) {
    if (child.reaped) return true;
    int status = 0;
    const pid_t done = waitpid(child.pid, &status, block ? 0 : WNOHANG);
    if (done == child.pid) {
        child.reaped = true;
        child.status = status;
    }
    return child.reaped;
}

std::string LocalRanks::failureOf(int rank, int graceMs) {
    for (auto& child : m_children) {
        if (child.rank != rank) continue;
        // A rank whose socket just closed is exiting; the kernel reaps it within moments.
        const auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(graceMs);
        while (!reap(child, false) && std::chrono::steady_clock::now() < deadline)
            std::this_thread::sleep_for(std::chrono::milliseconds(5));
        if (!child.reaped) return "";
        if (WIFEXITED(child.status) && WEXITSTATUS(child.status) == 0) return "";
        return describeStatus(child.status);
    }
    return "";
}

std::vector<std::string> LocalRanks::waitAll(int timeoutMs) {
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(timeoutMs);
    for (auto& child : m_children)
        while (!reap(child, false) && std::chrono::steady_clock::now() < deadline)
            std::this_thread::sleep_for(std::chrono::milliseconds(5));
    std::vector<std::string> failures;
    for (auto& child : m_children) {
        if (!child.reaped) {
            kill(child.pid, SIGKILL);
            reap(child, true);
            failures.push_back(fmt::format("rank {} (pid {}) did not end within {} s and was killed", child.rank,
                                           child.pid, timeoutMs / 1000));
        } else if (!(WIFEXITED(child.status) && WEXITSTATUS(child.status) == 0)) {
            failures.push_back(fmt::format("rank {} (pid {}) {}", child.rank, child.pid, describeStatus(child.status)));
        }
    }
    return failures;
}

void LocalRanks::stopAll() {
    for (auto& child : m_children)
        if (!reap(child, false)) kill(child.pid, SIGTERM);
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(2);
    for (auto& child : m_children)
        while (!reap(child, false) && std::chrono::steady_clock::now() < deadline)
            std::this_thread::sleep_for(std::chrono::milliseconds(5));
    for (auto& child : m_children) {
        if (!child.reaped) {
            kill(child.pid, SIGKILL);
            reap(child, true);
        }
    }
}

std::vector<pid_t> LocalRanks::pids() const {
    std::vector<pid_t> out;
    for (const auto& child : m_children) out.push_back(child.pid);
    return out;
}

}  // namespace bb
