// The store's schema check: a database this build wrote (or a new one), changed by the
// operations the input spells (a user_version, tables and columns dropped, added, renamed,
// another program's table), then opened as every command opens it. Contract: it opens at this
// build's version and reads, or it is refused with an error naming the file, and a refusal as
// unreadable (StoreFormatError) leaves the file byte for byte as it was. Never a crash: a
// negative user_version once indexed the migration ladder out of range.
//
// The input is a menu of edits, not SQL: SQL from the fuzzer could ATTACH or VACUUM INTO files
// anywhere.
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include <SQLiteCpp/SQLiteCpp.h>

#include "bridgebench/errors.h"
#include "bridgebench/result_store.h"
#include "fuzz_support.h"
#include "store/references/measured_table.h"
#include "store/schema.h"

namespace {

class Input {
public:
    Input(const std::uint8_t* data, std::size_t size) : m_data(data), m_size(size) {}
    bool empty() const { return m_at >= m_size; }
    std::uint8_t byte() { return empty() ? 0 : m_data[m_at++]; }
    std::int32_t int32() {
        std::uint32_t value = 0;
        for (int i = 0; i < 4; ++i) value = value << 8 | byte();
        return static_cast<std::int32_t>(value);
    }

private:
    const std::uint8_t* m_data;
    std::size_t m_size;
    std::size_t m_at = 0;
};

std::vector<std::string> column(SQLite::Database& db, const std::string& query) {
    std::vector<std::string> values;
    SQLite::Statement statement(db, query);
    while (statement.executeStep()) values.push_back(statement.getColumn(0).getString());
    return values;
}

template <typename Items>
std::string pick(const Items& items, std::uint8_t choice) {
    return items.empty() ? std::string("none") : items[choice % items.size()];
}

// One edit; SQLite refusing it (a primary key column cannot be dropped) is part of the game.
void edit(SQLite::Database& db, Input& input) {
    const auto tables = column(db, "SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%'");
    const auto others = column(db, "SELECT type || ' ' || name FROM sqlite_schema WHERE type IN ('index', 'trigger') "
                                   "AND sql IS NOT NULL");
    const std::string table = pick(tables, input.byte());
    const auto columns = column(db, "SELECT name FROM pragma_table_info('" + table + "')");
    static const std::vector<std::string> kTypes = {"INTEGER", "TEXT", "REAL", "BLOB", "", "INTEGER NOT NULL DEFAULT 0"};
    std::string sql;
    switch (input.byte() % 7) {
        case 0: sql = "PRAGMA user_version = " + std::to_string(input.int32()); break;
        case 1: sql = "DROP TABLE \"" + table + "\""; break;
        case 2: sql = "ALTER TABLE \"" + table + "\" DROP COLUMN \"" + pick(columns, input.byte()) + "\""; break;
        case 3:
            sql = "ALTER TABLE \"" + table + "\" ADD COLUMN c" + std::to_string(input.byte()) + " " +
                  pick(kTypes, input.byte());
            break;
        case 4: sql = "CREATE TABLE t" + std::to_string(input.byte()) + " (x " + pick(kTypes, input.byte()) + ")"; break;
        case 5:
            sql = "ALTER TABLE \"" + table + "\" RENAME COLUMN \"" + pick(columns, input.byte()) + "\" TO r" +
                  std::to_string(input.byte());
            break;
        default: {
            const std::string other = pick(others, input.byte());
            if (other != "none") sql = "DROP " + other;
        }
    }
    try {
        if (!sql.empty()) db.exec(sql);
    } catch (const SQLite::Exception&) {
    }
}

std::string bytesOf(const std::filesystem::path& file) {
    std::ifstream in(file, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    static const std::filesystem::path folder =
        std::filesystem::temp_directory_path() / ("bb-fuzz-schema-" + std::to_string(::getpid()));
    std::filesystem::create_directories(folder);
    const auto file = folder / "fuzz.db";
    for (const char* suffix : {"", "-wal", "-shm", "-journal"}) std::filesystem::remove(file.string() + suffix);

    Input input(data, size);
    {
        SQLite::Database db(file.string(), SQLite::OPEN_READWRITE | SQLite::OPEN_CREATE);
        if (input.byte() % 2 == 0) bb::migrate(db, "fuzz.db", {});
        for (int edits = 0; edits < 16 && !input.empty(); ++edits) edit(db, input);
    }
    const std::string before = bytesOf(file);
    try {
        bb::ResultStore store(file);
        bb::fuzz::expect(store.schemaVersion() == bb::ResultStore::latestSchemaVersion(), "opened below this build's version");
        for (const auto& run : store.listRuns()) store.steps(run.id);
    } catch (const bb::StoreFormatError& error) {
        bb::fuzz::expectNamesFile(error, file.string());
        bb::fuzz::expect(bytesOf(file) == before, "a refused file was changed", error.what());
    } catch (const bb::StoreError& error) {
        bb::fuzz::expectNamesFile(error, file.string());
    }
    return 0;
}
