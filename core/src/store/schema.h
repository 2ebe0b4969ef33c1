// The schema ladder. Append a step for every change; never edit a released one.
#pragma once

#include <vector>

namespace SQLite {
class Database;
}

namespace bb {

// Version the newest migration stamps into PRAGMA user_version.
int latestSchemaVersion();

// The version the file says it has (PRAGMA user_version).
int storedSchemaVersion(SQLite::Database& db);

// Throws StoreFormatError naming the file, the version found and the versions this build reads
// unless `version` is one this build knows and the file's tables are that version's (version
// 0: no tables at all). Reads only.
void checkSchema(SQLite::Database& db, const char* fileForMessages, int version);

// Checks the schema as above, then applies every missing step and adds the shipped measured
// reference tables the file lacks, in one transaction, unless the file is read-only. Takes a
// write lock only when there is something to write. A file that needs migrating but cannot be
// written is refused (StoreFormatError).
void migrate(SQLite::Database& db, const char* fileForMessages);

struct MeasuredTable;
// As above with the tables given instead of the shipped ones (tests ship none of their own).
void migrate(SQLite::Database& db, const char* fileForMessages, const std::vector<MeasuredTable>& tables);

}  // namespace bb
