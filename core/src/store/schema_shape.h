// The shape of a results database: its tables with their columns, its indexes and triggers.
// The schema ladder says which shape each version has; a file whose shape is not its
// version's (another program's database, a hand edit, a half-applied step of some other
// tool) is refused before a step of the ladder runs on it.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace SQLite {
class Database;
}

namespace bb {

// Key "table runs", "index runs_by_status", "trigger …"; value: for a table its columns in
// order ("id INTEGER primary key", "uuid TEXT not null", …), else the table it belongs to.
// SQLite's own objects (sqlite_*) and implicit indexes are not part of it.
using SchemaShape = std::map<std::string, std::vector<std::string>>;

SchemaShape readSchemaShape(SQLite::Database& db);

// The first difference between what a version has and what a file has, in words
// ("table 'steps' has column comm_ms, which version 2 does not have"); nullopt when alike.
std::optional<std::string> describeShapeDifference(const SchemaShape& expected, const SchemaShape& found,
                                                   int version);

}  // namespace bb
