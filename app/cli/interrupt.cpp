#include "cli/interrupt.h"

#include <atomic>
#include <cerrno>
#include <csignal>
#include <cstdio>
#include <iostream>
#include <mutex>
#include <thread>

#include <fcntl.h>
#include <pthread.h>
#include <unistd.h>

namespace bb::cli {

namespace {

std::mutex g_mutex;
std::function<void()> g_cancel;
const char* g_stopping = "";
bool g_cancelRequested = false;
std::atomic<int> g_cancellingSignal{0};
std::atomic<bool> g_exitNormally{false};
int g_pipe[2] = {-1, -1};

sigset_t interruptSignals() {
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, SIGINT);
    sigaddset(&set, SIGTERM);
    return set;
}

// Async-signal-safe: one write(2), errno kept for the code the signal interrupted.
void onSignal(int signal) {
    const int saved = errno;
    const unsigned char number = static_cast<unsigned char>(signal);
    [[maybe_unused]] const auto written = write(g_pipe[1], &number, 1);
    errno = saved;
}

[[noreturn]] void endBySignal(int signal) {
    std::fflush(nullptr);
    std::signal(signal, SIG_DFL);
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, signal);
    pthread_sigmask(SIG_UNBLOCK, &set, nullptr);
    raise(signal);
    _exit(128 + signal);  // not reached: the default action ends the process
}

void readSignals() {
    const sigset_t set = interruptSignals();
    pthread_sigmask(SIG_UNBLOCK, &set, nullptr);
    for (;;) {
        unsigned char number = 0;
        const ssize_t got = read(g_pipe[0], &number, 1);
        if (got < 0 && errno == EINTR) continue;
        if (got != 1) return;
        const int signal = number;
        // The cancel runs under the lock: ~InterruptScope takes it, so the scope (and the
        // run it cancels, which dies right after it) cannot go while a cancel is still
        // running here. ThreadSanitizer once caught a session's condition variable being
        // destroyed under a notify from this thread.
        std::lock_guard lock(g_mutex);
        if (!g_cancel || g_cancelRequested) endBySignal(signal);
        g_cancelRequested = true;
        g_cancellingSignal = signal;
        std::cerr << '\n' << g_stopping << " (interrupt again to quit now)" << std::endl;
        g_cancel();
    }
}

}  // namespace

void installInterruptHandling() {
    if (pipe2(g_pipe, O_CLOEXEC) != 0) return;  // no pipe: the signals keep their default action
    const sigset_t set = interruptSignals();
    pthread_sigmask(SIG_BLOCK, &set, nullptr);
    struct sigaction action {};
    action.sa_handler = onSignal;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_RESTART;
    for (const int signal : {SIGINT, SIGTERM}) {
        // A signal ignored from the start stays ignored, as for any program: a shell without
        // job control starts `cmd &` with SIGINT ignored so that Ctrl-C spares it.
        struct sigaction inherited {};
        if (sigaction(signal, nullptr, &inherited) == 0 && inherited.sa_handler == SIG_IGN) continue;
        sigaction(signal, &action, nullptr);
    }
    // Detached on purpose: it blocks in read() for the life of the process, so a join at exit
    // would never return; it touches only the globals above, which outlive every caller.
    std::thread(readSignals).detach();
}

InterruptScope::InterruptScope(std::function<void()> cancel, const char* stopping) {
    std::lock_guard lock(g_mutex);
    g_cancel = std::move(cancel);
    g_stopping = stopping;
    g_cancelRequested = false;
}

InterruptScope::~InterruptScope() {
    std::lock_guard lock(g_mutex);
    g_cancel = nullptr;
}

void exitNormallyAfterInterrupt() { g_exitNormally = true; }

void endIfInterrupted() {
    if (const int signal = g_cancellingSignal.load(); signal != 0 && !g_exitNormally) {
        std::cout.flush();
        std::cerr.flush();
        endBySignal(signal);
    }
}

}  // namespace bb::cli
