// A database from somewhere else: a user_version this build never wrote, or tables that do not
// match the version the file claims. Each is refused before anything is written, naming the
// file, the version found and the versions this build reads; the file stays byte for byte.
// A negative version once indexed the migration ladder out of range (SIGSEGV on `list`); a
// claimed version below the tables' failed with SQLite's "duplicate column name: comm_ms".
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>

#include <SQLiteCpp/SQLiteCpp.h>
#include <gtest/gtest.h>

#include "bridgebench/errors.h"
#include "bridgebench/result_store.h"
#include "support/temp_dir.h"

namespace bb {
namespace {

std::string bytesOf(const std::filesystem::path& file) {
    std::ifstream in(file, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// A database this build wrote, checkpointed into its one file, then changed by hand.
std::filesystem::path editedDatabase(const test::TempDir& dir, const std::string& edit) {
    const auto file = dir.file("edited.db");
    { ResultStore store(file); }
    SQLite::Database raw(file.string(), SQLite::OPEN_READWRITE);
    raw.exec(edit);
    raw.exec("PRAGMA wal_checkpoint(TRUNCATE)");
    return file;
}

// Opens `file` each way a command can and expects a StoreFormatError holding every piece of
// `says`, with the file unchanged.
void expectRefused(const std::filesystem::path& file, const std::vector<std::string>& says) {
    const std::string before = bytesOf(file);
    for (const StoreAccess access : {StoreAccess::ReadWrite, StoreAccess::Reading, StoreAccess::ReadOnly}) {
        SCOPED_TRACE(static_cast<int>(access));
        try {
            ResultStore store(file, access);
            ADD_FAILURE() << "opened";
        } catch (const StoreFormatError& error) {
            const std::string message = error.what();
            EXPECT_NE(message.find(file.string()), std::string::npos) << message;
            for (const auto& piece : says) EXPECT_NE(message.find(piece), std::string::npos) << message;
        }
        EXPECT_EQ(bytesOf(file), before) << "the file was changed";
    }
}

const std::string kReads = "this build reads schema versions 1 to " + std::to_string(ResultStore::latestSchemaVersion());

TEST(SchemaCheck, ANegativeVersionIsRefused) {
    test::TempDir dir;
    expectRefused(editedDatabase(dir, "PRAGMA user_version = -3"), {"schema version -3", kReads});
}

TEST(SchemaCheck, AVersionFromANewerBuildIsRefused) {
    test::TempDir dir;
    expectRefused(editedDatabase(dir, "PRAGMA user_version = 999"), {"newer", "schema 999", kReads});
}

TEST(SchemaCheck, AVersionBelowTheTablesIsRefusedNotClimbed) {
    test::TempDir dir;
    expectRefused(editedDatabase(dir, "PRAGMA user_version = 3"),
                  {"schema version 3", "table 'steps' has column", "which version 3 does not have", kReads});
}

TEST(SchemaCheck, TheLatestVersionWithAColumnMissingIsRefused) {
    test::TempDir dir;
    expectRefused(editedDatabase(dir, "ALTER TABLE steps DROP COLUMN other_cpu"),
                  {"table 'steps' lacks column 'other_cpu'", kReads});
}

TEST(SchemaCheck, ATableMissingIsRefused) {
    test::TempDir dir;
    expectRefused(editedDatabase(dir, "DROP TABLE tags"), {"it lacks table 'tags'"});
}

TEST(SchemaCheck, AColumnOfAnotherTypeIsRefused) {
    test::TempDir dir;
    expectRefused(editedDatabase(dir, "ALTER TABLE tags RENAME COLUMN tag TO label"), {"column 2 of table 'tags'"});
}

// Version 0 with tables: the first step of the ladder would once have filled another
// program's database with tables of ours.
TEST(SchemaCheck, AnotherProgramsDatabaseIsRefusedAndLeftAlone) {
    test::TempDir dir;
    const auto file = dir.file("other.db");
    {
        SQLite::Database raw(file.string(), SQLite::OPEN_READWRITE | SQLite::OPEN_CREATE);
        raw.exec("CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT)");
        raw.exec("INSERT INTO notes (body) VALUES ('mine')");
    }
    expectRefused(file, {"not a BridgeBench database", "table notes", kReads});
}

TEST(SchemaCheck, AnEmptyFileAndEveryVersionTheLadderWroteStillOpen) {
    test::TempDir dir;
    {
        ResultStore store(dir.file("new.db"));
        EXPECT_EQ(store.schemaVersion(), ResultStore::latestSchemaVersion());
    }
    ResultStore again(dir.file("new.db"));
    EXPECT_FALSE(again.listRuns().empty()) << "the study's figures";
}

TEST(SchemaCheck, NotSqliteAndTruncatedFilesAreFormatErrors) {
    test::TempDir dir;
    const auto text = dir.file("notes.txt");
    std::ofstream(text) << std::string(4096, 'x');
    expectRefused(text, {"not a SQLite database"});

    const auto whole = dir.file("whole.db");
    { ResultStore store(whole); }
    {
        SQLite::Database raw(whole.string(), SQLite::OPEN_READWRITE);
        raw.exec("PRAGMA wal_checkpoint(TRUNCATE)");
    }
    const std::string bytes = bytesOf(whole);
    ASSERT_GT(bytes.size(), 8192u);
    const auto truncated = dir.file("truncated.db");
    std::ofstream(truncated, std::ios::binary) << bytes.substr(0, bytes.size() / 2);
    try {
        ResultStore store(truncated, StoreAccess::Reading);
        for (const auto& run : store.listRuns()) store.steps(run.id);
        ADD_FAILURE() << "a database cut in half read as whole";
    } catch (const StoreFormatError& error) {
        EXPECT_NE(std::string(error.what()).find(truncated.string()), std::string::npos) << error.what();
        EXPECT_NE(std::string(error.what()).find("damaged or truncated"), std::string::npos) << error.what();
    }
}

}  // namespace
}  // namespace bb
