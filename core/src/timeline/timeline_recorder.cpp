#include "timeline/timeline_recorder.h"

#include <algorithm>

namespace bb {

TimelineRecorder::TimelineRecorder(TimelineMode mode, std::int64_t warmupSteps, int rank)
    : m_mode(mode), m_warmupSteps(warmupSteps), m_rank(rank), m_origin(Clock::now()) {}

void TimelineRecorder::add(TimelineTrack track, int lane, SpanKind kind, std::int64_t step, Clock::time_point begin,
                           Clock::time_point end) {
    std::lock_guard lock(m_mutex);
    m_pending.push_back({track, lane, kind, step, begin, std::max(begin, end)});
}

void TimelineRecorder::setOrigin(Clock::time_point origin) {
    std::lock_guard lock(m_mutex);
    m_origin = origin;
}

std::vector<TimelineSpan> TimelineRecorder::takeUpTo(std::int64_t step) {
    std::vector<Raw> taken;
    Clock::time_point origin;
    {
        std::lock_guard lock(m_mutex);
        origin = m_origin;
        const auto later = std::stable_partition(m_pending.begin(), m_pending.end(),
                                                 [step](const Raw& raw) { return raw.step <= step; });
        taken.assign(m_pending.begin(), later);
        m_pending.erase(m_pending.begin(), later);
    }
    const auto ns = [origin](Clock::time_point at) {
        return std::chrono::duration_cast<std::chrono::nanoseconds>(at - origin).count();
    };
    std::vector<TimelineSpan> spans;
    spans.reserve(taken.size());
    for (const Raw& raw : taken)
        spans.push_back({m_rank, raw.track, raw.lane, raw.kind, raw.step, ns(raw.begin), ns(raw.end)});
    return spans;
}

}  // namespace bb
