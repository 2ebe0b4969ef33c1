// Other processes holding the cores a CPU run's compute threads need, measured as the run
// starts. With more compute threads than free cores, the threads wait for each other at every
// parallel operation while one of them waits for its core: on this project's 2-core machine a
// tiny model's step took 1.5 s instead of 25 ms while a build ran beside it. The run still
// measures what its config asks for; this tells the user before the figures do.
#pragma once

#include <chrono>
#include <optional>
#include <string>

#include "bridgebench/run_config.h"

namespace bb {

struct CoreContention {
    int cores = 0;
    double availableCores = 0;  // CPU time `cores` busy threads got per wall second
    int computeThreads = 0;
    int workers = 0;
};

// What the user should know, or empty where the run's threads and workers have the cores they
// need (other processes holding less than half a core counts as idle).
std::string contentionWarning(const CoreContention& contention);

// Measured over `window` for a CPU run in one process; nullopt elsewhere (a GPU run's compute
// threads are not its bottleneck, and ranks on one machine would count each other).
std::optional<CoreContention> measureCoreContention(const RunConfig& config, bool distributed,
                                                    std::chrono::milliseconds window);

}  // namespace bb
