// Ctrl-C and SIGTERM for bridgebench-cli. A signal handler may not take the locks a run's
// cancel takes, so the signals are blocked in every thread and one thread of ours waits for
// them with sigwait: the first cancels the run in progress (which stops every data-parallel
// rank after the same step), a second, or one while no run is in progress, exits at once
// with 130 as the shell's default would.
#pragma once

#include <functional>

namespace bb::cli {

// Call first thing in main(), before any thread exists, so that every later thread inherits
// the blocked mask.
void installInterruptHandling();

// While the returned guard lives, an interrupt calls `cancel` (on the signal thread, under a
// lock the destructor takes: a guard is never gone while its `cancel` runs, so `cancel` must
// not wait for the thread that destroys the guard).
class InterruptScope {
public:
    explicit InterruptScope(std::function<void()> cancel);
    ~InterruptScope();
    InterruptScope(const InterruptScope&) = delete;
    InterruptScope& operator=(const InterruptScope&) = delete;
};

}  // namespace bb::cli
