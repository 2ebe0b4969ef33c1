#include "cli/interrupt.h"

#include <csignal>
#include <mutex>
#include <thread>
#include <unistd.h>

namespace bb::cli {

namespace {

std::mutex g_mutex;
std::function<void()> g_cancel;
bool g_cancelRequested = false;

sigset_t interruptSignals() {
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, SIGINT);
    sigaddset(&set, SIGTERM);
    return set;
}

}  // namespace

void installInterruptHandling() {
    const sigset_t set = interruptSignals();
    pthread_sigmask(SIG_BLOCK, &set, nullptr);
    // Detached on purpose: it blocks in sigwait for the life of the process, so a join at exit
    // would never return; it touches only the globals above, which outlive every caller.
    std::thread([set] {
        for (;;) {
            int signal = 0;
            if (sigwait(&set, &signal) != 0) continue;
            // The cancel runs under the lock: ~InterruptScope takes it, so the scope (and the
            // run it cancels, which dies right after it) cannot go while a cancel is still
            // running here. ThreadSanitizer once caught a session's condition variable being
            // destroyed under a notify from this thread.
            std::lock_guard lock(g_mutex);
            if (!g_cancel || g_cancelRequested) _exit(128 + signal);
            g_cancelRequested = true;
            static constexpr char kMessage[] = "\nStopping after this step (interrupt again to quit now)\n";
            [[maybe_unused]] const auto written = write(STDERR_FILENO, kMessage, sizeof kMessage - 1);
            g_cancel();
        }
    }).detach();
}

InterruptScope::InterruptScope(std::function<void()> cancel) {
    std::lock_guard lock(g_mutex);
    g_cancel = std::move(cancel);
    g_cancelRequested = false;
}

InterruptScope::~InterruptScope() {
    std::lock_guard lock(g_mutex);
    g_cancel = nullptr;
}

}  // namespace bb::cli
