#include "store/schema_shape.h"

#include <algorithm>

#include <SQLiteCpp/SQLiteCpp.h>
#include <fmt/format.h>

namespace bb {

namespace {

std::vector<std::string> columnNamesOf(SQLite::Database& db, const std::string& table) {
    SQLite::Statement query(db, "SELECT name, type, \"notnull\", pk FROM pragma_table_info(?) ORDER BY cid");
    query.bind(1, table);
    std::vector<std::string> columns;
    while (query.executeStep()) {
        std::string column = query.getColumn(0).getString() + " " + query.getColumn(1).getString();
        if (query.getColumn(2).getInt() != 0) column += " not null";
        if (query.getColumn(3).getInt() != 0) column += " primary key";
        columns.push_back(std::move(column));
    }
    return columns;
}

std::string columnName(const std::string& column) { return column.substr(0, column.find(' ')); }

// "table 'runs'" from "table runs".
std::string named(const std::string& key) {
    const auto space = key.find(' ');
    return fmt::format("{} '{}'", key.substr(0, space), key.substr(space + 1));
}

}  // namespace

SchemaShape readSchemaShape(SQLite::Database& db) {
    SchemaShape shape;
    SQLite::Statement query(db, R"sql(
SELECT type, name, tbl_name FROM sqlite_schema
WHERE name NOT LIKE 'sqlite\_%' ESCAPE '\' AND sql IS NOT NULL AND type IN ('table', 'view', 'index', 'trigger'))sql");
    while (query.executeStep()) {
        const std::string type = query.getColumn(0).getString();
        const std::string name = query.getColumn(1).getString();
        shape[type + " " + name] =
            type == "table" ? columnNamesOf(db, name) : std::vector<std::string>{query.getColumn(2).getString()};
    }
    return shape;
}

std::optional<std::string> describeShapeDifference(const SchemaShape& expected, const SchemaShape& found, int version) {
    for (const auto& [key, what] : expected) {
        const auto there = found.find(key);
        if (there == found.end()) return fmt::format("it lacks {}, which version {} has", named(key), version);
        const std::vector<std::string>& has = there->second;
        if (has == what) continue;
        if (!key.starts_with("table "))
            return fmt::format("{} belongs to '{}' where version {} has it on '{}'", named(key), has.front(), version,
                               what.front());
        for (std::size_t i = 0; i < std::max(has.size(), what.size()); ++i) {
            if (i < has.size() && i < what.size() && has[i] == what[i]) continue;
            if (i >= what.size())
                return fmt::format("{} has column '{}', which version {} does not have", named(key), columnName(has[i]),
                                   version);
            if (i >= has.size())
                return fmt::format("{} lacks column '{}', which version {} has", named(key), columnName(what[i]), version);
            return fmt::format("column {} of {} is '{}' where version {} has '{}'", i + 1, named(key), has[i], version,
                               what[i]);
        }
    }
    for (const auto& [key, what] : found)
        if (!expected.contains(key)) return fmt::format("it has {}, which version {} does not have", named(key), version);
    return std::nullopt;
}

}  // namespace bb
