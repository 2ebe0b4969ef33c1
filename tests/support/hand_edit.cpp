#include "support/hand_edit.h"

#include <stdexcept>

#include <SQLiteCpp/SQLiteCpp.h>

namespace bb::test {

void handEditRunColumn(const std::filesystem::path& database, std::int64_t runId, const std::string& column,
                       const std::string& text) {
    SQLite::Database raw(database.string(), SQLite::OPEN_READWRITE);
    // A column name cannot be bound; the callers name the columns themselves.
    SQLite::Statement edit(raw, "UPDATE runs SET " + column + " = ? WHERE id = ?");
    edit.bind(1, text);
    edit.bind(2, runId);
    if (edit.exec() != 1) throw std::runtime_error("no run " + std::to_string(runId) + " to edit");
}

void handExecute(const std::filesystem::path& database, const std::string& sql) {
    SQLite::Database raw(database.string(), SQLite::OPEN_READWRITE);
    raw.exec(sql);
}

}  // namespace bb::test
