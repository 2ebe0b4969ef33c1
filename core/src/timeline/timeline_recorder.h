// Collects a run's spans from the threads that time them (training thread, loader workers,
// c10d's threads for the all-reduce buckets) until the training thread takes them after each
// step. Cheap enough to leave on: a span is a steady-clock pair pushed under a mutex that only
// the few threads of one run share, and only steps the mode records take any.
//
// Thread contract: records() and add() from any thread; setOrigin() and take() from the
// training thread.
#pragma once

#include <chrono>
#include <cstdint>
#include <memory>
#include <mutex>
#include <vector>

#include "bridgebench/timeline.h"

namespace bb {

class TimelineRecorder {
public:
    using Clock = std::chrono::steady_clock;

    TimelineRecorder(TimelineMode mode, std::int64_t warmupSteps, int rank);

    bool records(std::int64_t step) const { return timelineRecordsStep(m_mode, step, m_warmupSteps); }
    void add(TimelineTrack track, int lane, SpanKind kind, std::int64_t step, Clock::time_point begin,
             Clock::time_point end);
    // Spans are kept in the clock's own time until taken, so that a worker may record before
    // the origin is known (the loader starts before the ranks agree on one).
    void setOrigin(Clock::time_point origin);
    // Every span recorded so far for steps up to `step`, in the origin's time; later steps'
    // spans (batches built ahead) stay for a later call.
    std::vector<TimelineSpan> takeUpTo(std::int64_t step);
    int rank() const { return m_rank; }

private:
    struct Raw {
        TimelineTrack track;
        std::int32_t lane;
        SpanKind kind;
        std::int64_t step;
        Clock::time_point begin;
        Clock::time_point end;
    };
    const TimelineMode m_mode;
    const std::int64_t m_warmupSteps;
    const int m_rank;
    Clock::time_point m_origin;
    std::mutex m_mutex;
    std::vector<Raw> m_pending;
};

// Where one thread's spans go: a recorder (none when the run records no timeline), the track
// and the lane. A plain value handed to the code that times the work.
struct SpanLane {
    std::shared_ptr<TimelineRecorder> recorder;
    TimelineTrack track = TimelineTrack::Main;
    int lane = 0;

    bool records(std::int64_t step) const { return recorder && recorder->records(step); }
    void add(SpanKind kind, std::int64_t step, TimelineRecorder::Clock::time_point begin,
             TimelineRecorder::Clock::time_point end) const {
        recorder->add(track, lane, kind, step, begin, end);
    }
};

}  // namespace bb
