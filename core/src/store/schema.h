// The schema ladder. Append a step for every change; never edit a released one.
#pragma once

#include <vector>

namespace SQLite {
class Database;
}

namespace bb {

// Version the newest migration stamps into PRAGMA user_version.
int latestSchemaVersion();

// Applies every missing step in one transaction; throws StoreError when the file comes
// from a newer build.
// Then adds the shipped measured reference tables the file lacks, unless it is read-only.
void migrate(SQLite::Database& db, const char* fileForMessages);

struct MeasuredTable;
// As above with the tables given instead of the shipped ones (tests ship none of their own).
void migrate(SQLite::Database& db, const char* fileForMessages, const std::vector<MeasuredTable>& tables);

}  // namespace bb
