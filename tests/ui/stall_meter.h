// Measures event-loop stalls on the UI thread: the longest gap between ticks of a 5 ms timer.
// Any work that holds the loop (drawing, decimating, store access) shows up as a long gap.
// The test machines are shared (load far above the core count), so a gap also holds time the
// thread spent runnable but waiting for a CPU; Linux reports that wait per thread in
// /proc/thread-self/schedstat, and attributableGapMs() leaves it out.
#pragma once

#include <QElapsedTimer>
#include <QTimer>

#include <algorithm>
#include <cstdint>
#include <fstream>

namespace bb::test {

class StallMeter {
public:
    StallMeter() {
        m_ticker.setTimerType(Qt::PreciseTimer);
        m_ticker.setInterval(5);
        QObject::connect(&m_ticker, &QTimer::timeout, [this] { tick(); });
        m_lastRunQueueNs = runQueueWaitNs(&m_lastOnCpuNs);
        m_sinceLastTick.start();
        m_ticker.start();
    }
    // Longest wall-clock gap, CPU contention included.
    double longestGapMs() const { return m_longestGapMs; }
    // Longest gap less the time the thread waited for a CPU: what this process caused.
    double longestAttributableGapMs() const { return m_longestAttributableMs; }
    int ticks() const { return m_ticks; }
    // CPU time the UI thread used during the longest attributable gap: work, as opposed to
    // waiting on a lock, the disk or a descheduled virtual CPU.
    double cpuInLongestGapMs() const { return m_cpuInLongestMs; }

private:
    static std::int64_t runQueueWaitNs(std::int64_t* onCpu = nullptr) {
        std::ifstream in("/proc/thread-self/schedstat");
        std::int64_t onCpuNs = 0;
        std::int64_t waitingNs = 0;
        in >> onCpuNs >> waitingNs;
        if (onCpu) *onCpu = onCpuNs;
        return in ? waitingNs : 0;
    }
    void tick() {
        const double gapMs = static_cast<double>(m_sinceLastTick.nsecsElapsed()) / 1e6;
        m_sinceLastTick.restart();
        std::int64_t onCpu = 0;
        const std::int64_t waiting = runQueueWaitNs(&onCpu);
        const double waitedMs = static_cast<double>(waiting - m_lastRunQueueNs) / 1e6;
        m_lastRunQueueNs = waiting;
        const double cpuMs = static_cast<double>(onCpu - m_lastOnCpuNs) / 1e6;
        m_lastOnCpuNs = onCpu;
        if (gapMs - waitedMs > m_longestAttributableMs) m_cpuInLongestMs = cpuMs;
        m_longestGapMs = std::max(m_longestGapMs, gapMs);
        m_longestAttributableMs = std::max(m_longestAttributableMs, gapMs - waitedMs);
        ++m_ticks;
    }

    QTimer m_ticker;
    QElapsedTimer m_sinceLastTick;
    std::int64_t m_lastRunQueueNs = 0;
    std::int64_t m_lastOnCpuNs = 0;
    double m_cpuInLongestMs = 0;
    double m_longestGapMs = 0;
    double m_longestAttributableMs = 0;
    int m_ticks = 0;
};

}  // namespace bb::test
