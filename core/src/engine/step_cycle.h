// A step's wall time is its whole cycle, so that the steps' walls add up to the run's time and
// samples over their sum is what the run delivered. The step timer's window closes when the
// step's work is read back; after it the training thread records the step (memory and CPU from
// /proc, the gather of the ranks' timings, the hand-over to the writer) and can be descheduled
// meanwhile. Uncounted, that once came to 1.9 ms of a 5.4 ms step (mini-clip, batch 8, two loader
// workers on two cores, which preempted the training thread there), and samples/s read 35% above
// samples over elapsed time. The gap is charged to the next step; time spent paused is not.
//
// Used by the training thread only.
#pragma once

#include <chrono>
#include <optional>

namespace bb {

class StepCycle {
public:
    using Clock = std::chrono::steady_clock;

    // At the top of the loop, before any wait while paused: the previous step's record is done.
    void recorded() {
        if (m_windowEnded) m_gapMs = std::chrono::duration<double, std::milli>(Clock::now() - *m_windowEnded).count();
    }
    // Right after the step timer was read: the step's timed window has ended.
    void windowEnded() {
        m_windowEnded = Clock::now();
    }
    // What the step being timed is charged beyond its own window: the record of the one before
    // it (0 for the first step).
    double gapMs() const { return m_gapMs; }

private:
    std::optional<Clock::time_point> m_windowEnded;
    double m_gapMs = 0;
};

}  // namespace bb
