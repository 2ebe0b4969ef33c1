// ResultStore's connection and the guard that translates SQLite's failures, shared by the
// files that implement ResultStore's members on that connection (result_store.cpp, and
// timeline_rows.cpp for the timeline's spans) so a read-only open serves them all.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include <SQLiteCpp/SQLiteCpp.h>
#include <sqlite3.h>

#include "bridgebench/result_store.h"
#include "store/sqlite_failure.h"
#include "util/process_identity.h"
#include "util/time_format.h"

namespace bb {

struct ResultStore::Impl {
    std::filesystem::path file;
    SQLite::Database db;
    std::int64_t interrupted = 0;
    std::optional<std::string> readOnlyReason;

    Impl(const std::filesystem::path& path, const std::string& name, int flags) : file(path), db(name, flags) {}

    // Every SQLite failure becomes a typed error naming the file, what was being done and why.
    template <typename Body>
    auto guarded(const char* action, Body&& body) -> decltype(body()) {
        try {
            return body();
        } catch (const SQLite::Exception& error) {
            throwStoreFailure(file, action, error, db.getHandle());
        }
    }

    // Housekeeping, not the open's purpose: while another process holds the write lock the
    // marks are left for a later open rather than failing this one.
    void markDeadRunsInterrupted() {
        std::vector<std::int64_t> dead;
        SQLite::Statement query(db, "SELECT id, owner FROM runs WHERE status = 'running'");
        while (query.executeStep())
            if (!processIdentityAlive(query.getColumn(1).getString())) dead.push_back(query.getColumn(0).getInt64());
        if (dead.empty()) return;
        try {
            SQLite::Transaction transaction(db, SQLite::TransactionBehavior::IMMEDIATE);
            SQLite::Statement update(db, R"sql(
UPDATE runs SET status = 'interrupted', error = 'the process running it ended without finishing it',
       finished_at = ? WHERE id = ? AND status = 'running')sql");
            std::int64_t marked = 0;
            for (auto id : dead) {
                update.bind(1, isoUtcNow());
                update.bind(2, static_cast<std::int64_t>(id));
                marked += update.exec();
                update.reset();
            }
            transaction.commit();
            interrupted += marked;
        } catch (const SQLite::Exception& error) {
            if (error.getErrorCode() != SQLITE_BUSY && error.getErrorCode() != SQLITE_LOCKED) throw;
        }
    }
};

}  // namespace bb
