#include "engine/core_contention.h"

#include <algorithm>
#include <cmath>
#include <thread>

#include <fmt/format.h>
#include <torch/torch.h>

#include "engine/cpu_availability.h"
#include "engine/other_cpu_meter.h"
#include "engine/trainer.h"

namespace bb {

std::optional<int> threadsThatFit(const CoreContention& c) {
    const double held = c.cores - c.availableCores;
    const int needed = c.computeThreads + c.workers;
    // A quarter core of slack: a measurement over a fraction of a second on an idle machine
    // reads a little under the core count.
    if (c.computeThreads <= 1 || held < 0.5 || needed <= c.availableCores + 0.25) return std::nullopt;
    const int fit = std::max(1, static_cast<int>(std::floor(c.availableCores + 0.25)) - c.workers);
    return std::min(fit, c.computeThreads - 1);
}

std::optional<Note> contentionWarning(const CoreContention& c) {
    const auto fit = threadsThatFit(c);
    if (!fit) return std::nullopt;
    const double held = c.cores - c.availableCores;
    // Two lines under a 1024 px screen's progress bar; the why is in the README ("Measuring
    // honestly on a shared machine"): the threads wait for each other at every operation while
    // one waits for its core, and a build beside a 2-core run once made it 30× slower.
    return Note{Note::Kind::CoresHeldAtStart,
                {held, double(c.cores), double(c.computeThreads), double(c.workers),
                 double(c.computeThreads + c.workers), double(*fit)},
                fmt::format("other processes held {:.1f} of the {} cores at the start; its {} compute threads{} need "
                            "{}, so steps can run many times slower: set threads={} or free the cores",
                            held, c.cores, c.computeThreads,
                            c.workers > 0 ? fmt::format(" and {} loader workers", c.workers) : std::string(),
                            c.computeThreads + c.workers, *fit)};
}

Note fewerThreadsChosenNote(const CoreContention& c, int chosen) {
    const double held = c.cores - c.availableCores;
    return Note{Note::Kind::FewerThreadsChosen,
                {held, double(c.cores), double(chosen), double(c.computeThreads)},
                fmt::format("other processes held {:.1f} of the {} cores at the start, so the run computes on {} "
                            "thread{} instead of {} (threads waiting for busy cores can make steps many times "
                            "slower); set threads={} to measure with {}",
                            held, c.cores, chosen, chosen == 1 ? "" : "s", c.computeThreads, c.computeThreads,
                            c.computeThreads)};
}

std::optional<CoreContention> measureCoreContention(const RunConfig& config, bool distributed,
                                                    std::chrono::milliseconds window) {
    if (distributed || !torch::Device(config.device).is_cpu()) return std::nullopt;
    CoreContention contention;
    contention.cores = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
    contention.computeThreads = chooseIntraOpThreads(config);
    contention.workers = static_cast<int>(config.workers);
    // First what the others use while the run waits. Niced work (a build at nice 19) yields
    // its cores to busy threads, so the spinners below win them, yet it takes slices from
    // compute threads that sleep and wake at every operation: beside such a build, 2 threads
    // gave 26.7-141 samples/s where 1 gave 272-318, while the spinners read 1.93 of 2 cores free.
    OtherCpuMeter meter;
    std::this_thread::sleep_for(window);
    const CpuWindow idle = meter.close();
    const double othersWhileWaiting =
        std::isfinite(idle.busyCores) && std::isfinite(idle.ownCores) ? std::max(0.0, idle.busyCores - idle.ownCores) : 0.0;
    // A floor above 0, which the stored summary reads as "not measured".
    contention.availableCores = std::max(
        0.01, std::min(measureAvailableCores(contention.cores, window), contention.cores - othersWhileWaiting));
    return contention;
}

}  // namespace bb
