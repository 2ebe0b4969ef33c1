// The timeline's spans in the store (table timeline_spans, schema 7), on ResultStore's own
// connection so that a store opened read-only reads them too.
#include <fmt/format.h>

#include "bridgebench/result_store.h"
#include "store/result_store_impl.h"

namespace bb {

void ResultStore::appendTimeline(std::int64_t runId, std::span<const TimelineSpan> spans) {
    if (spans.empty()) return;
    m_impl->guarded("store the timeline", [&] {
        SQLite::Transaction transaction(m_impl->db, SQLite::TransactionBehavior::IMMEDIATE);
        SQLite::Statement insert(m_impl->db, R"sql(
INSERT OR IGNORE INTO timeline_spans (run_id, rank, step, track, lane, begin_ns, kind, end_ns)
VALUES (?, ?, ?, ?, ?, ?, ?, ?))sql");
        for (const TimelineSpan& span : spans) {
            insert.bind(1, static_cast<std::int64_t>(runId));
            insert.bind(2, span.rank);
            insert.bind(3, static_cast<std::int64_t>(span.step));
            insert.bind(4, static_cast<int>(span.track));
            insert.bind(5, span.lane);
            insert.bind(6, static_cast<std::int64_t>(span.beginNs));
            insert.bind(7, static_cast<int>(span.kind));
            insert.bind(8, static_cast<std::int64_t>(span.endNs));
            insert.exec();
            insert.reset();
        }
        transaction.commit();
    });
}

std::vector<TimelineSpan> ResultStore::timeline(std::int64_t runId, std::int64_t fromStep, std::int64_t toStep) {
    return m_impl->guarded("read the timeline", [&] {
        std::vector<TimelineSpan> spans;
        SQLite::Statement query(m_impl->db, R"sql(
SELECT rank, step, track, lane, begin_ns, kind, end_ns FROM timeline_spans
WHERE run_id = ? AND step BETWEEN ? AND ? ORDER BY rank, step, begin_ns)sql");
        query.bind(1, static_cast<std::int64_t>(runId));
        query.bind(2, static_cast<std::int64_t>(fromStep));
        query.bind(3, static_cast<std::int64_t>(toStep));
        while (query.executeStep()) {
            const auto track = timelineTrackFromCode(query.getColumn(2).getInt());
            const auto kind = spanKindFromCode(query.getColumn(5).getInt());
            // A code from a newer build: a span this build cannot name is left out, not misnamed.
            if (!track || !kind) continue;
            spans.push_back({query.getColumn(0).getInt(), *track, query.getColumn(3).getInt(), *kind,
                             query.getColumn(1).getInt64(), query.getColumn(4).getInt64(),
                             query.getColumn(6).getInt64()});
        }
        return spans;
    });
}

std::int64_t ResultStore::timelineSpanCount(std::int64_t runId) {
    return m_impl->guarded("count the timeline", [&] {
        SQLite::Statement query(m_impl->db, "SELECT count(*) FROM timeline_spans WHERE run_id = ?");
        query.bind(1, static_cast<std::int64_t>(runId));
        query.executeStep();
        return query.getColumn(0).getInt64();
    });
}

}  // namespace bb
