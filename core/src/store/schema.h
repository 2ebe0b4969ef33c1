// The schema ladder. Append a step for every change; never edit a released one.
#pragma once

namespace SQLite {
class Database;
}

namespace bb {

// Version the newest migration stamps into PRAGMA user_version.
int latestSchemaVersion();

// Applies every missing step in one transaction; throws StoreError when the file comes
// from a newer build.
void migrate(SQLite::Database& db, const char* fileForMessages);

}  // namespace bb
