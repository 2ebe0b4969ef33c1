// Rows copied column by column, so that columns later schema versions add travel too: used to
// undo deletions and to merge another database.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "bridgebench/deleted_run.h"

namespace SQLite {
class Database;
}

namespace bb {

// Every row `sql` selects, with `bindValue` bound to its one parameter.
std::vector<DeletedRun::Row> copyRows(SQLite::Database& db, const std::string& sql, std::int64_t bindValue);

// INSERT INTO table (the row's columns) VALUES (its values).
void insertRow(SQLite::Database& db, const std::string& table, const DeletedRun::Row& row);

}  // namespace bb
