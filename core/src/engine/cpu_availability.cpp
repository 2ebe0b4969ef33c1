#include "engine/cpu_availability.h"

#include <algorithm>
#include <atomic>
#include <ctime>
#include <thread>
#include <vector>

namespace bb {

namespace {

double threadCpuSeconds() {
    timespec now{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now);
    return static_cast<double>(now.tv_sec) + static_cast<double>(now.tv_nsec) * 1e-9;
}

}  // namespace

double measureAvailableCores(int threads, std::chrono::milliseconds window) {
    using Clock = std::chrono::steady_clock;
    std::vector<double> cpuSeconds(static_cast<std::size_t>(std::max(1, threads)), 0.0);
    std::atomic<bool> go{false};
    Clock::time_point start;
    Clock::time_point deadline;
    {
        std::vector<std::jthread> spinners;
        for (std::size_t i = 0; i < cpuSeconds.size(); ++i) {
            spinners.emplace_back([&, i] {
                while (!go.load(std::memory_order_acquire)) std::this_thread::yield();
                const double before = threadCpuSeconds();
                // Busy arithmetic rather than sleeping: only a thread that wants the core
                // shows how much of it the scheduler grants.
                volatile double sink = 1.0;
                while (Clock::now() < deadline)
                    for (int k = 0; k < 1000; ++k) sink = sink * 1.0000001 + 1e-9;
                cpuSeconds[i] = threadCpuSeconds() - before;
            });
        }
        start = Clock::now();
        deadline = start + window;
        go.store(true, std::memory_order_release);
    }
    const double wallSeconds = std::chrono::duration<double>(deadline - start).count();
    double total = 0;
    for (const double seconds : cpuSeconds) total += seconds;
    return wallSeconds > 0 ? total / wallSeconds : 0;
}

}  // namespace bb
