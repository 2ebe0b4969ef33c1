// `import db` carries every table a run owns: a copy that dropped a run's timeline and its
// profiled ops kept the run's uuid, so they could never be brought in again.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <SQLiteCpp/SQLiteCpp.h>
#include <fmt/format.h>

#include "bridgebench/result_store.h"
#include "support/cli_command.h"
#include "support/process_runner.h"
#include "support/temp_dir.h"

namespace bb::database_copy_cli_test {
namespace {

using test::q;
using test::runCli;

// Every table with a run_id column: what belongs to a run.
std::vector<std::string> perRunTables(const std::filesystem::path& db) {
    SQLite::Database raw(db.string(), SQLite::OPEN_READONLY);
    std::vector<std::string> tables;
    SQLite::Statement query(raw, "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name");
    while (query.executeStep()) {
        const std::string table = query.getColumn(0).getString();
        SQLite::Statement columns(raw, fmt::format("SELECT 1 FROM pragma_table_info('{}') WHERE name = 'run_id'", table));
        if (columns.executeStep()) tables.push_back(table);
    }
    return tables;
}

std::int64_t rowsOf(const std::filesystem::path& db, const std::string& table, std::int64_t runId) {
    SQLite::Database raw(db.string(), SQLite::OPEN_READONLY);
    SQLite::Statement query(raw, fmt::format("SELECT count(*) FROM {} WHERE run_id = ?", table));
    query.bind(1, runId);
    query.executeStep();
    return query.getColumn(0).getInt64();
}

TEST(CliDatabaseCopy, AMergedRunKeepsEveryRowOfEveryTableItOwns) {
    test::TempDir dir;
    const auto source = dir.file("source.db");
    const auto made = runCli("run --set model=mini-clip --set dataset=synthetic-tensors --set steps=5 --set batch_size=2 "
                          "--set probe=false --set threads=1 --set profile_steps=2 --set name=whole --db " + q(source));
    ASSERT_EQ(made.exitCode, 0) << made.err;
    std::int64_t sourceId = 0;
    {
        ResultStore store(source);
        sourceId = store.findRun("whole").value().id;
        store.setTags(sourceId, {"kept"});
    }
    // A table added later that this run has no rows in would pass unseen: the fixture must fill it.
    for (const auto& table : perRunTables(source))
        ASSERT_GT(rowsOf(source, table, sourceId), 0) << table << ": give the test's run rows in it";

    const auto target = dir.file("target.db");
    const auto merged = runCli("import db " + q(source) + " --db " + q(target));
    ASSERT_EQ(merged.exitCode, 0) << merged.err;
    std::int64_t targetId = 0;
    {
        ResultStore store(target);
        targetId = store.findRun("whole").value().id;
        const auto sourceOps = ResultStore(source).ops(sourceId);
        const auto targetOps = store.ops(targetId);
        ASSERT_EQ(targetOps.size(), sourceOps.size());
        for (std::size_t index = 0; index < sourceOps.size(); ++index)
            EXPECT_EQ(targetOps[index].name, sourceOps[index].name) << "op " << index;
    }
    for (const auto& table : perRunTables(source))
        EXPECT_EQ(rowsOf(target, table, targetId), rowsOf(source, table, sourceId)) << table;
    const auto shown = runCli("show whole --db " + q(target));
    EXPECT_THAT(shown.out, ::testing::Not(::testing::HasSubstr("Ops: none recorded")));
}

}  // namespace
}  // namespace bb::database_copy_cli_test
