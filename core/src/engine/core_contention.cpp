#include "engine/core_contention.h"

#include <algorithm>
#include <cmath>
#include <thread>

#include <fmt/format.h>
#include <torch/torch.h>

#include "engine/cpu_availability.h"
#include "engine/trainer.h"

namespace bb {

std::string contentionWarning(const CoreContention& c) {
    const double held = c.cores - c.availableCores;
    const int needed = c.computeThreads + c.workers;
    // A quarter core of slack: a measurement over a fraction of a second on an idle machine
    // reads a little under the core count.
    if (c.computeThreads <= 1 || held < 0.5 || needed <= c.availableCores + 0.25) return {};
    int suggested = std::max(1, static_cast<int>(std::floor(c.availableCores + 0.25)) - c.workers);
    suggested = std::min(suggested, c.computeThreads - 1);
    // Two lines under a 1024 px screen's progress bar; the why is in the README ("Measuring
    // honestly on a shared machine"): the threads wait for each other at every operation while
    // one waits for its core, and a build beside a 2-core run once made it 30× slower.
    return fmt::format(
        "other processes held {:.1f} of the {} cores at the start; its {} compute threads{} need {}, so steps can run "
        "many times slower: set threads={} or free the cores",
        held, c.cores, c.computeThreads,
        c.workers > 0 ? fmt::format(" and {} loader workers", c.workers) : std::string(), needed, suggested);
}

std::optional<CoreContention> measureCoreContention(const RunConfig& config, bool distributed,
                                                    std::chrono::milliseconds window) {
    if (distributed || !torch::Device(config.device).is_cpu()) return std::nullopt;
    CoreContention contention;
    contention.cores = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
    contention.computeThreads = chooseIntraOpThreads(config);
    contention.workers = static_cast<int>(config.workers);
    contention.availableCores = measureAvailableCores(contention.cores, window);
    return contention;
}

}  // namespace bb
