#include "store/row_copy.h"

#include <variant>

#include <SQLiteCpp/SQLiteCpp.h>
#include <fmt/format.h>

namespace bb {

std::vector<DeletedRun::Row> copyRows(SQLite::Database& db, const std::string& sql, std::int64_t bindValue) {
    std::vector<DeletedRun::Row> rows;
    SQLite::Statement query(db, sql);
    query.bind(1, static_cast<std::int64_t>(bindValue));
    while (query.executeStep()) {
        DeletedRun::Row row;
        for (int column = 0; column < query.getColumnCount(); ++column) {
            row.columns.emplace_back(query.getColumnName(column));
            const auto value = query.getColumn(column);
            if (value.isInteger())
                row.values.emplace_back(value.getInt64());
            else if (value.isFloat())
                row.values.emplace_back(value.getDouble());
            else if (value.isNull())
                row.values.emplace_back(std::monostate{});
            else
                row.values.emplace_back(value.getString());
        }
        rows.push_back(std::move(row));
    }
    return rows;
}

void insertRow(SQLite::Database& db, const std::string& table, const DeletedRun::Row& row) {
    std::string names;
    std::string marks;
    for (const auto& column : row.columns) {
        names += (names.empty() ? "\"" : ", \"") + column + "\"";
        marks += marks.empty() ? "?" : ", ?";
    }
    SQLite::Statement insert(db, fmt::format("INSERT INTO {} ({}) VALUES ({})", table, names, marks));
    for (std::size_t index = 0; index < row.values.size(); ++index) {
        const int position = static_cast<int>(index) + 1;
        std::visit(
            [&](const auto& value) {
                using T = std::decay_t<decltype(value)>;
                if constexpr (std::is_same_v<T, std::monostate>)
                    insert.bind(position);
                else
                    insert.bind(position, value);
            },
            row.values[index]);
    }
    insert.exec();
}

}  // namespace bb
