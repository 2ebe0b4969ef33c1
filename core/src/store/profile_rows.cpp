// The ops of profile_steps in the store (tables profile_ops and op_names, schema 9), on
// ResultStore's own connection so that a store opened read-only reads them too.
#include <string>
#include <unordered_map>

#include "bridgebench/result_store.h"
#include "store/result_store_impl.h"

namespace bb {

void ResultStore::appendOps(std::int64_t runId, std::span<const OpEvent> ops) {
    if (ops.empty()) return;
    m_impl->guarded("store the profiled ops", [&] {
        SQLite::Transaction transaction(m_impl->db, SQLite::TransactionBehavior::IMMEDIATE);
        SQLite::Statement next(m_impl->db, "SELECT coalesce(max(seq) + 1, 0) FROM profile_ops WHERE run_id = ?");
        next.bind(1, static_cast<std::int64_t>(runId));
        next.executeStep();
        std::int64_t seq = next.getColumn(0).getInt64();
        SQLite::Statement addName(m_impl->db, "INSERT OR IGNORE INTO op_names (name) VALUES (?)");
        SQLite::Statement findName(m_impl->db, "SELECT id FROM op_names WHERE name = ?");
        std::unordered_map<std::string, std::int64_t> nameIds;
        const auto nameId = [&](const std::string& name) {
            if (const auto known = nameIds.find(name); known != nameIds.end()) return known->second;
            addName.bind(1, name);
            addName.exec();
            addName.reset();
            findName.bind(1, name);
            findName.executeStep();
            const std::int64_t id = findName.getColumn(0).getInt64();
            findName.reset();
            nameIds.emplace(name, id);
            return id;
        };
        SQLite::Statement insert(m_impl->db, R"sql(
INSERT INTO profile_ops (run_id, rank, seq, step, device, lane, begin_ns, end_ns, name_id)
VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?))sql");
        for (const OpEvent& op : ops) {
            insert.bind(1, static_cast<std::int64_t>(runId));
            insert.bind(2, op.rank);
            insert.bind(3, static_cast<std::int64_t>(seq++));
            insert.bind(4, static_cast<std::int64_t>(op.step));
            insert.bind(5, static_cast<int>(op.device));
            insert.bind(6, static_cast<std::int64_t>(op.lane));
            insert.bind(7, static_cast<std::int64_t>(op.beginNs));
            insert.bind(8, static_cast<std::int64_t>(op.endNs));
            insert.bind(9, static_cast<std::int64_t>(nameId(op.name)));
            insert.exec();
            insert.reset();
        }
        transaction.commit();
    });
}

std::vector<OpEvent> ResultStore::ops(std::int64_t runId) {
    return m_impl->guarded("read the profiled ops", [&] {
        std::vector<OpEvent> ops;
        SQLite::Statement query(m_impl->db, R"sql(
SELECT o.rank, o.step, n.name, o.device, o.lane, o.begin_ns, o.end_ns
FROM profile_ops o JOIN op_names n ON n.id = o.name_id
WHERE o.run_id = ? ORDER BY o.rank, o.seq)sql");
        query.bind(1, static_cast<std::int64_t>(runId));
        while (query.executeStep()) {
            const auto device = opDeviceFromCode(query.getColumn(3).getInt());
            // A device from a newer build: an op this build cannot place is left out, not misplaced.
            if (!device) continue;
            ops.push_back({query.getColumn(0).getInt(), query.getColumn(1).getInt64(), query.getColumn(2).getString(),
                           *device, query.getColumn(4).getInt64(), query.getColumn(5).getInt64(),
                           query.getColumn(6).getInt64()});
        }
        return ops;
    });
}

std::int64_t ResultStore::opCount(std::int64_t runId) {
    return m_impl->guarded("count the profiled ops", [&] {
        SQLite::Statement query(m_impl->db, "SELECT count(*) FROM profile_ops WHERE run_id = ?");
        query.bind(1, static_cast<std::int64_t>(runId));
        query.executeStep();
        return query.getColumn(0).getInt64();
    });
}

}  // namespace bb
