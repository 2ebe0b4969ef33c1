// Ctrl-C and SIGTERM for bridgebench-cli. A signal handler may not take the locks a run's
// cancel takes, so the handler only writes the signal's number to a pipe, and one thread of
// ours reads it: the first signal cancels what is in progress (a run stops after its step,
// every data-parallel rank after the same one), a second, or one while nothing can be
// cancelled, ends the process at once by that signal.
//
// The handler runs on whatever thread the kernel picks. SIGINT and SIGTERM are blocked in
// every thread we start (the mask is inherited from main), so that pick is our reading thread,
// which unblocks them, or a thread a library started before main() (OpenBLAS starts its pool
// from a constructor, and once took the default action there: the process died mid-step).
// A signal the process was started with ignored (`cmd &` in a script) stays ignored.
#pragma once

#include <functional>

namespace bb::cli {

// Call first thing in main(), before any thread of ours exists.
void installInterruptHandling();

// While the returned guard lives, an interrupt prints `stopping` (a line saying what will
// still be done) and calls `cancel` (on the signal thread, under a lock the destructor takes:
// a guard is never gone while its `cancel` runs, so `cancel` must not wait for the thread that
// destroys the guard).
class InterruptScope {
public:
    explicit InterruptScope(std::function<void()> cancel, const char* stopping = "Stopping after this step");
    ~InterruptScope();
    InterruptScope(const InterruptScope&) = delete;
    InterruptScope& operator=(const InterruptScope&) = delete;
};

// Call when the command is done: if a signal cancelled it, flushes the output and ends the
// process by that signal (the shell's $? is 130 for SIGINT, 143 for SIGTERM, and a script's
// loop stops as it would for any program Ctrl-C stopped); otherwise returns.
void endIfInterrupted();

// For ranks other than 0: they exit with their own code after an interrupt, since rank 0 (or
// torchrun, or srun) counts a rank ended by a signal as a rank that failed.
void exitNormallyAfterInterrupt();

}  // namespace bb::cli
