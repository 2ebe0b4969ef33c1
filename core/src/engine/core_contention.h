// Other processes holding the cores a CPU run's compute threads need, measured as the run
// starts. With more compute threads than free cores, the threads wait for each other at every
// parallel operation while one of them waits for its core: on this project's 2-core machine a
// tiny model's step took 1.5 s instead of 25 ms while a build ran beside it. A run whose config
// fixes `threads` still measures what it asks for, and is told before the figures do; one that
// leaves them to the engine (threads=0) gets the count that fits the cores the others left.
#pragma once

#include <chrono>
#include <optional>
#include <string>

#include "bridgebench/note.h"
#include "bridgebench/run_config.h"

namespace bb {

struct CoreContention {
    int cores = 0;
    // The cores other processes leave: the less of what `cores` busy threads got per wall second
    // and the cores less what the others used while the run waited.
    double availableCores = 0;
    int computeThreads = 0;
    int workers = 0;
};

// The compute threads that fit the cores other processes left, the workers keeping theirs;
// nullopt where the run's threads and workers have the cores they need (other processes
// holding less than half a core counts as idle) or it has one compute thread already.
std::optional<int> threadsThatFit(const CoreContention& contention);

// For a run whose config fixes `threads`: what the user should know, or nullopt where
// threadsThatFit() is.
std::optional<Note> contentionWarning(const CoreContention& contention);

// For a run that left `threads` to the engine, which chose threadsThatFit() instead of
// contention.computeThreads: what it did and how to insist.
Note fewerThreadsChosenNote(const CoreContention& contention, int chosen);

// Measured over twice `window` (waiting, then busy) for a CPU run in one process; nullopt
// elsewhere (a GPU run's compute threads are not its bottleneck, and ranks on one machine
// would count each other).
std::optional<CoreContention> measureCoreContention(const RunConfig& config, bool distributed,
                                                    std::chrono::milliseconds window);

}  // namespace bb
