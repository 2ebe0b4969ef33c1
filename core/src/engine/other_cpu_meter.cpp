#include "engine/other_cpu_meter.h"

#include <sched.h>
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <fstream>
#include <limits>

#include "engine/process_stats.h"

namespace bb {

namespace {

constexpr double kUnknown = std::numeric_limits<double>::quiet_NaN();

}  // namespace

std::vector<int> affinityCpus() {
    cpu_set_t set;
    CPU_ZERO(&set);
    std::vector<int> cpus;
    if (sched_getaffinity(0, sizeof set, &set) != 0) return cpus;
    for (int cpu = 0; cpu < CPU_SETSIZE; ++cpu)
        if (CPU_ISSET(cpu, &set)) cpus.push_back(cpu);
    return cpus;
}

OtherCpuMeter::OtherCpuMeter(std::chrono::milliseconds window) : OtherCpuMeter(window, OtherCpuSources{}) {}

OtherCpuMeter::OtherCpuMeter(std::chrono::milliseconds window, OtherCpuSources sources)
    : m_window(window), m_sources(std::move(sources)) {
    if (!m_sources.ownCpuMs) m_sources.ownCpuMs = processCpuMs;
    if (m_sources.cpus.empty()) m_sources.cpus = affinityCpus();
    std::sort(m_sources.cpus.begin(), m_sources.cpus.end());
    const long ticksPerSecond = sysconf(_SC_CLK_TCK);
    m_msPerTick = ticksPerSecond > 0 ? 1000.0 / static_cast<double>(ticksPerSecond) : 10.0;
    m_since = Clock::now();
    m_busySinceMs = busyMs();
    m_ownSinceMs = m_sources.ownCpuMs();
    m_latest = kUnknown;
}

double OtherCpuMeter::busyMs() const {
    std::ifstream in(m_sources.statFile);
    if (!in) return kUnknown;
    std::string line;
    double ticks = 0;
    bool found = false;
    while (std::getline(in, line)) {
        // The per-CPU lines ("cpu0 …"), not the machine-wide "cpu " line: only the cores this
        // process may run on can be taken from it.
        if (line.size() < 4 || line.compare(0, 3, "cpu") != 0 || line[3] < '0' || line[3] > '9') continue;
        char* cursor = nullptr;
        const long cpu = std::strtol(line.c_str() + 3, &cursor, 10);
        if (!std::binary_search(m_sources.cpus.begin(), m_sources.cpus.end(), static_cast<int>(cpu))) continue;
        // user nice system idle iowait irq softirq steal (guest time is already inside user).
        double fields[8] = {};
        int read = 0;
        for (; read < 8; ++read) {
            char* next = nullptr;
            fields[read] = static_cast<double>(std::strtoull(cursor, &next, 10));
            if (next == cursor) break;
            cursor = next;
        }
        if (read < 4) continue;
        ticks += fields[0] + fields[1] + fields[2] + fields[5] + fields[6] + fields[7];
        found = true;
    }
    return found ? ticks * m_msPerTick : kUnknown;
}

double OtherCpuMeter::sample(Clock::time_point now) {
    const double wallMs = std::chrono::duration<double, std::milli>(now - m_since).count();
    if (wallMs < static_cast<double>(m_window.count())) return m_latest;
    const CpuWindow window = close(now);
    // Ticks and the process clock disagree by up to a tick per core, so an idle machine can
    // read a little below zero.
    m_latest = std::isfinite(window.busyCores) ? std::max(0.0, window.busyCores - window.ownCores) : kUnknown;
    return m_latest;
}

CpuWindow OtherCpuMeter::close(Clock::time_point now) {
    const double wallMs = std::chrono::duration<double, std::milli>(now - m_since).count();
    const double busy = busyMs();
    const double own = m_sources.ownCpuMs();
    CpuWindow window;
    if (wallMs > 0 && std::isfinite(busy) && std::isfinite(m_busySinceMs)) {
        window.busyCores = (busy - m_busySinceMs) / wallMs;
        window.ownCores = (own - m_ownSinceMs) / wallMs;
    }
    m_since = now;
    m_busySinceMs = busy;
    m_ownSinceMs = own;
    return window;
}

}  // namespace bb
