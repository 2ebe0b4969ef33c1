#include "support/spawned_process.h"

#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>

#include <fstream>
#include <sstream>
#include <thread>

#include <SQLiteCpp/SQLiteCpp.h>

extern char** environ;

namespace bb::test {

using namespace std::chrono_literals;

pid_t spawnProcess(std::vector<std::string> args, std::vector<std::string> extraEnvironment,
                   const std::optional<std::filesystem::path>& output) {
    std::vector<char*> argv;
    for (auto& arg : args) argv.push_back(arg.data());
    argv.push_back(nullptr);
    std::vector<char*> envp;
    for (char** variable = environ; *variable != nullptr; ++variable) envp.push_back(*variable);
    for (auto& variable : extraEnvironment) envp.push_back(variable.data());
    envp.push_back(nullptr);
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    std::string out, err;
    if (output) {
        out = output->string() + ".out";
        err = output->string() + ".err";
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
        posix_spawn_file_actions_addopen(&actions, 1, out.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
        posix_spawn_file_actions_addopen(&actions, 2, err.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    }
    // SIGINT and SIGTERM as a script's command has them, even where the test itself was started
    // with them ignored (a background job of a shell without job control).
    posix_spawnattr_t attributes;
    posix_spawnattr_init(&attributes);
    sigset_t defaults;
    sigemptyset(&defaults);
    sigaddset(&defaults, SIGINT);
    sigaddset(&defaults, SIGTERM);
    posix_spawnattr_setsigdefault(&attributes, &defaults);
    posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETSIGDEF);
    pid_t pid = 0;
    const int failed = posix_spawn(&pid, args[0].c_str(), &actions, &attributes, argv.data(), envp.data());
    posix_spawn_file_actions_destroy(&actions);
    posix_spawnattr_destroy(&attributes);
    return failed != 0 ? -1 : pid;
}

std::optional<int> waitForStatus(pid_t pid, std::chrono::seconds limit) {
    const auto deadline = std::chrono::steady_clock::now() + limit;
    int status = 0;
    while (std::chrono::steady_clock::now() < deadline) {
        if (waitpid(pid, &status, WNOHANG) == pid) return status;
        std::this_thread::sleep_for(20ms);
    }
    return std::nullopt;
}

int waitFor(pid_t pid, std::chrono::seconds limit) {
    const auto status = waitForStatus(pid, limit);
    if (!status) return -1;
    return WIFEXITED(*status) ? WEXITSTATUS(*status) : 128 + WTERMSIG(*status);
}

bool alive(pid_t pid) {
    std::ifstream stat("/proc/" + std::to_string(pid) + "/stat");
    if (!stat) return false;
    std::string line;
    std::getline(stat, line);
    const auto close = line.rfind(')');
    return close != std::string::npos && close + 2 < line.size() && line[close + 2] != 'Z';
}

std::vector<pid_t> childrenOf(pid_t parent) {
    std::vector<pid_t> children;
    for (const auto& entry : std::filesystem::directory_iterator("/proc")) {
        const std::string name = entry.path().filename();
        if (name.find_first_not_of("0123456789") != std::string::npos) continue;
        std::ifstream stat(entry.path() / "stat");
        std::string line;
        if (!std::getline(stat, line)) continue;
        const auto close = line.rfind(')');
        if (close == std::string::npos) continue;
        std::istringstream rest(line.substr(close + 2));
        char state = 0;
        pid_t ppid = 0;
        rest >> state >> ppid;
        if (ppid == parent && state != 'Z') children.push_back(static_cast<pid_t>(std::stol(name)));
    }
    return children;
}

SpawnedRun::~SpawnedRun() {
    int status = 0;
    // Reaped already (ECHILD) or never started: nothing of ours to kill, and the pid may be another's.
    if (m_pid <= 0 || waitpid(m_pid, &status, WNOHANG) != 0) return;
    for (const pid_t child : childrenOf(m_pid)) kill(child, SIGKILL);
    kill(m_pid, SIGKILL);
    waitpid(m_pid, &status, 0);
}

std::int64_t committedSteps(const std::filesystem::path& db) {
    if (!std::filesystem::exists(db)) return 0;
    try {
        SQLite::Database raw(db.string(), SQLite::OPEN_READONLY);
        raw.setBusyTimeout(5000);
        return raw.execAndGet("SELECT count(*) FROM steps JOIN runs ON runs.id = steps.run_id WHERE runs.source = 'local'")
            .getInt64();
    } catch (const std::exception&) {
        return 0;  // not created yet
    }
}

bool waitForSteps(const std::filesystem::path& db, std::int64_t count, std::chrono::seconds limit) {
    const auto deadline = std::chrono::steady_clock::now() + limit;
    while (std::chrono::steady_clock::now() < deadline) {
        if (committedSteps(db) >= count) return true;
        std::this_thread::sleep_for(50ms);
    }
    return false;
}

}  // namespace bb::test
