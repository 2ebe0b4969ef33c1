// Writing one run row and its step rows, shared by ResultStore (its own connection) and the
// importers (a connection of their own, inside one transaction they own).
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <string>

#include "bridgebench/result_store.h"

namespace SQLite {
class Database;
class Statement;
}

namespace bb {

// Inserts `run` as given (uuid and createdAt must be set). `owner` is the process identity
// stored for a running run, empty otherwise. Returns the new row id.
std::int64_t insertRunRow(SQLite::Database& db, const RunRecord& run, const std::string& owner);

// Inserts the steps without a transaction of its own: the caller holds one.
void insertStepRows(SQLite::Database& db, std::int64_t runId, std::span<const StepMetrics> steps);

// insertStepRows() a step at a time, its statement prepared once (imports that stream rows).
class StepRowInserter {
public:
    explicit StepRowInserter(SQLite::Database& db);
    ~StepRowInserter();
    StepRowInserter(const StepRowInserter&) = delete;
    StepRowInserter& operator=(const StepRowInserter&) = delete;
    void insert(std::int64_t runId, const StepMetrics& step);

private:
    std::unique_ptr<SQLite::Statement> m_insert;
};

}  // namespace bb
