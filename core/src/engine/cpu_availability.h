// How much of the machine's CPU this process can get right now. Load average says how many
// threads wanted a core over the last minute, including this process's own; what a run's
// prediction needs is the share other processes leave it, which only taking it measures.
#pragma once

#include <chrono>

namespace bb {

// Runs `threads` busy threads for `window` and returns the CPU time they got per unit of
// wall time: about `threads` on an idle machine with that many cores, less while other
// processes compete for them.
double measureAvailableCores(int threads, std::chrono::milliseconds window);

}  // namespace bb
