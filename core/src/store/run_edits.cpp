// User edits of stored runs: rename, tags, delete and undo.
//
// These use a connection of their own to the store's file, opened per call: ResultStore's
// connection lives in result_store.cpp's Impl, which this file cannot see. Edits are rare and
// user-paced; WAL and the busy timeout make the second connection safe alongside the first.
// Reading tags is not an edit: it lives in result_store.cpp, on the store's own connection, so
// that a store opened read-only still lists them.
#include <SQLiteCpp/SQLiteCpp.h>
#include <fmt/format.h>

#include <algorithm>
#include <set>

#include "bridgebench/errors.h"
#include "bridgebench/result_store.h"
#include "store/row_copy.h"
#include "store/sqlite_failure.h"

namespace bb {

namespace {

constexpr int kBusyTimeoutMs = 10'000;

SQLite::Database openForEdit(const std::filesystem::path& file) {
    SQLite::Database db(file.string(), SQLite::OPEN_READWRITE);
    db.setBusyTimeout(kBusyTimeoutMs);
    db.exec("PRAGMA foreign_keys = ON");
    return db;
}

template <typename Body>
auto guarded(const std::filesystem::path& file, const char* action, Body&& body) -> decltype(body()) {
    try {
        return body();
    } catch (const SQLite::Exception& error) {
        throwStoreFailure(file, action, error);
    }
}

// Throws unless the run exists and may be edited.
void requireEditable(SQLite::Database& db, const std::filesystem::path& file, std::int64_t runId) {
    SQLite::Statement query(db, "SELECT source, name FROM runs WHERE id = ?");
    query.bind(1, static_cast<std::int64_t>(runId));
    if (!query.executeStep()) throw StoreError(fmt::format("{}: no run with id {}", file.string(), runId));
    if (query.getColumn(0).getString() == "reference")
        throw StoreError(fmt::format("run {} '{}' is a published reference figure and is read-only", runId,
                                     query.getColumn(1).getString()));
}

}  // namespace

void ResultStore::renameRun(std::int64_t runId, const std::string& name) {
    if (name.find_first_not_of(" \t\r\n") == std::string::npos)
        throw StoreError("a run's name cannot be empty");
    guarded(file(), "rename a run", [&] {
        auto db = openForEdit(file());
        requireEditable(db, file(), runId);
        SQLite::Statement update(db, "UPDATE runs SET name = ? WHERE id = ?");
        update.bind(1, name);
        update.bind(2, static_cast<std::int64_t>(runId));
        update.exec();
    });
}

void ResultStore::setTags(std::int64_t runId, const std::vector<std::string>& tags) {
    std::set<std::string> clean;
    for (const auto& tag : tags) {
        const auto first = tag.find_first_not_of(" \t\r\n");
        if (first == std::string::npos) continue;
        const auto last = tag.find_last_not_of(" \t\r\n");
        clean.insert(tag.substr(first, last - first + 1));
    }
    guarded(file(), "tag a run", [&] {
        auto db = openForEdit(file());
        SQLite::Transaction transaction(db, SQLite::TransactionBehavior::IMMEDIATE);
        requireEditable(db, file(), runId);
        SQLite::Statement remove(db, "DELETE FROM tags WHERE run_id = ?");
        remove.bind(1, static_cast<std::int64_t>(runId));
        remove.exec();
        SQLite::Statement insert(db, "INSERT INTO tags (run_id, tag) VALUES (?, ?)");
        for (const auto& tag : clean) {
            insert.bind(1, static_cast<std::int64_t>(runId));
            insert.bind(2, tag);
            insert.exec();
            insert.reset();
        }
        transaction.commit();
    });
}

std::vector<DeletedRun> ResultStore::deleteRuns(const std::vector<std::int64_t>& runIds) {
    return guarded(file(), "delete runs", [&] {
        auto db = openForEdit(file());
        SQLite::Transaction transaction(db, SQLite::TransactionBehavior::IMMEDIATE);
        std::vector<DeletedRun> deleted;
        for (const auto runId : runIds) {
            requireEditable(db, file(), runId);
            DeletedRun run;
            run.id = runId;
            auto runRows = copyRows(db, "SELECT * FROM runs WHERE id = ?", runId);
            run.run = std::move(runRows.front());
            for (std::size_t column = 0; column < run.run.columns.size(); ++column)
                if (run.run.columns[column] == "name") run.name = std::get<std::string>(run.run.values[column]);
            run.steps = copyRows(db, "SELECT * FROM steps WHERE run_id = ? ORDER BY step", runId);
            run.tags = copyRows(db, "SELECT * FROM tags WHERE run_id = ?", runId);
            // Steps and tags go with the run (ON DELETE CASCADE).
            SQLite::Statement remove(db, "DELETE FROM runs WHERE id = ?");
            remove.bind(1, static_cast<std::int64_t>(runId));
            remove.exec();
            deleted.push_back(std::move(run));
        }
        transaction.commit();
        return deleted;
    });
}

void ResultStore::restoreRuns(const std::vector<DeletedRun>& runs) {
    guarded(file(), "restore runs", [&] {
        auto db = openForEdit(file());
        SQLite::Transaction transaction(db, SQLite::TransactionBehavior::IMMEDIATE);
        for (const auto& run : runs) {
            insertRow(db, "runs", run.run);
            for (const auto& step : run.steps) insertRow(db, "steps", step);
            for (const auto& tag : run.tags) insertRow(db, "tags", tag);
        }
        transaction.commit();
    });
}

}  // namespace bb
