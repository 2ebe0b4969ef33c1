// The published study's throughput tables as reference runs (docs/ARCHITECTURE.md, "The
// study it grew from"). Inserted by a schema migration so every database has them.
#pragma once

namespace SQLite {
class Database;
}

namespace bb {

void insertReferenceRuns(SQLite::Database& db);

}  // namespace bb
