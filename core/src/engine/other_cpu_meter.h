// CPU time that other processes take on the cores a run may use, measured while it runs. The
// start-of-run probe (core_contention.h) sees only the moment it measures: a build started
// later, or niced work that lets the probe's threads win their cores, escapes it, yet each
// steals slices from the run's compute threads, which then wait for each other at every
// operation (beside a nice 5 compile, a tiny run's backward passes spiked to 400 ms). Per step, this
// lets the user see the neighbours beside the spikes they cause.
#pragma once

#include <chrono>
#include <functional>
#include <limits>
#include <string>
#include <vector>

namespace bb {

// The CPUs this thread may run on (its affinity mask); empty where it cannot be read.
std::vector<int> affinityCpus();

// What the meter reads; tests replace them.
struct OtherCpuSources {
    std::string statFile = "/proc/stat";
    std::function<double()> ownCpuMs;  // empty: this process's CPU time
    std::vector<int> cpus;             // empty: the CPUs in this thread's affinity mask
};

// One window's CPU time on the meter's CPUs, in cores: all of it, and this process's share.
struct CpuWindow {
    double busyCores = std::numeric_limits<double>::quiet_NaN();  // NaN: /proc/stat unreadable
    double ownCores = std::numeric_limits<double>::quiet_NaN();
};

class OtherCpuMeter {
public:
    using Clock = std::chrono::steady_clock;

    // Takes the first reading. `window` is the shortest span a figure covers: /proc/stat counts
    // in clock ticks (10 ms per core), too coarse for one step of a few milliseconds.
    explicit OtherCpuMeter(std::chrono::milliseconds window = std::chrono::milliseconds(250));
    OtherCpuMeter(std::chrono::milliseconds window, OtherCpuSources sources);

    // Cores (1.0 = one core busy all the time) that processes other than this one used on its
    // CPUs over the latest completed window, kept between windows; NaN before the first window
    // completes and where /proc/stat cannot be read (not Linux, a sandbox hiding it). Call on
    // one thread; reads the file at most once per window.
    double sample(Clock::time_point now = Clock::now());
    // Ends the current window at `now`, however short, and starts the next. For data parallel
    // (distributed/host_cpu_share.h), where every rank ends its window at the same step so
    // that the ranks on one machine can take their own time from the machine's.
    CpuWindow close(Clock::time_point now = Clock::now());

private:
    // Busy time (user, nice, system, irq, softirq, steal) of the CPUs in m_sources.cpus, in ms; NaN when
    // the file cannot be read or names none of them.
    double busyMs() const;

    std::chrono::milliseconds m_window;
    OtherCpuSources m_sources;
    double m_msPerTick;
    Clock::time_point m_since;
    double m_busySinceMs;
    double m_ownSinceMs;
    double m_latest;
};

}  // namespace bb
