// import, export, compare and report through the real executable: exit codes, what reaches
// stdout and stderr, and that a failed import leaves the database exactly as it was.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <SQLiteCpp/SQLiteCpp.h>
#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "bridgebench/result_store.h"
#include "support/file_bytes.h"
#include "support/cli_command.h"
#include "support/process_runner.h"
#include "support/temp_dir.h"
#include "support/trainer_folder.h"
#include "support/stored_summary.h"

namespace bb::interop_cli_test {
namespace {

using ::testing::HasSubstr;

const std::filesystem::path kData = BB_TEST_DATA_DIR;

using test::cli;
using test::q;

std::filesystem::path h100Folder(const test::TempDir& dir) { return test::h100TrainerFolder(dir.path()); }

struct Counts {
    std::int64_t runs = 0;
    std::int64_t steps = 0;
    bool operator==(const Counts&) const = default;
};

Counts countsOf(const std::filesystem::path& db) {
    SQLite::Database connection(db.string(), SQLite::OPEN_READONLY);
    return {connection.execAndGet("SELECT count(*) FROM runs").getInt64(),
            connection.execAndGet("SELECT count(*) FROM steps").getInt64()};
}

// A database holding one imported H100 run; returns its id.
std::int64_t importH100(const test::TempDir& dir, const std::filesystem::path& db) {
    const auto result = test::runCommand(cli("import trainer " + q(h100Folder(dir)) +
                                             " --device-kind cuda --device-name H100 --json --db " + q(db)));
    EXPECT_EQ(result.exitCode, 0) << result.err;
    return nlohmann::json::parse(result.out)["added"][0]["id"].get<std::int64_t>();
}

TEST(CliImport, TrainerFolderBecomesAnImportedRunWithSteps) {
    const test::TempDir dir;
    const auto db = dir.file("r.db");
    const auto result = test::runCommand(cli("import trainer " + q(h100Folder(dir)) +
                                             " --device-kind cuda --device-name H100 --device-count 8 --db " + q(db)));
    ASSERT_EQ(result.exitCode, 0) << result.err;
    EXPECT_THAT(result.out, HasSubstr("Imported 1 run"));
    EXPECT_THAT(result.out, HasSubstr("h100-run (5 steps)"));
    ResultStore store(db);
    const auto run = store.findRun("h100-run");
    ASSERT_TRUE(run);
    EXPECT_EQ(run->origin, RunOrigin::Import);
    EXPECT_EQ(run->deviceCount, 8);
    EXPECT_DOUBLE_EQ(bb::test::storedJson(run->summary)["median_samples_per_s"].get<double>(), 602.1);

    const auto again = test::runCommand(cli("import trainer " + q(dir.path() / "h100-run") + " --json --db " + q(db)));
    ASSERT_EQ(again.exitCode, 0) << again.err;
    const auto json = nlohmann::json::parse(again.out);
    EXPECT_TRUE(json["added"].empty());
    EXPECT_EQ(json["skipped"][0], "h100-run");
}

TEST(CliImport, MalformedInputsExitThreeNamingThePlaceAndWriteNothing) {
    const test::TempDir dir;
    const auto db = dir.file("r.db");
    importH100(dir, db);
    const Counts before = countsOf(db);
    const std::string dbBytes = test::readFileBytes(db);

    struct Case {
        std::string what;
        std::string arguments;
        std::vector<std::string> inMessage;
    };
    const auto badState = dir.path() / "bad-state";
    std::filesystem::copy(kData / "trainer/h100", badState);
    test::writeFileBytes(badState / "trainer_state.json", "{\n  \"global_step\": 50,\n  \"log_history\": [1, }\n");
    const auto wrongType = dir.path() / "wrong-type";
    std::filesystem::copy(kData / "trainer/h100", wrongType);
    test::writeFileBytes(wrongType / "all_results.json", R"({"train_samples_per_second": "fast"})");
    std::string events = test::readFileBytes(kData / "tfevents/trainer-h100/events.out.tfevents.1700000000.h100.4242.0");
    events[60] ^= 0x01;
    const auto badCrc = test::writeFileBytes(dir.file("tb/events.out.tfevents.1.bad"), events);
    const auto badCsv = test::writeFileBytes(dir.file("bad.csv"), "run,step,samples_per_s\nx,0,10\nx,1,ten\n");
    const auto noColumn = test::writeFileBytes(dir.file("nocol.csv"), "run,step,loss\nx,0,1.5\n");
    const auto notDb = test::writeFileBytes(dir.file("other.db"), "not a database, only text\n");
    const std::vector<Case> cases = {
        {"syntax error", "trainer " + q(badState), {"trainer_state.json", "line 3"}},
        {"wrong type", "trainer " + q(wrongType), {"all_results.json", "train_samples_per_second"}},
        {"bad CRC", "tensorboard " + q(badCrc), {"events.out.tfevents.1.bad", "offset"}},
        {"not a number", "csv " + q(badCsv), {"bad.csv", "line 3", "samples_per_s"}},
        {"missing column", "csv " + q(noColumn), {"nocol.csv", "samples_per_s"}},
        {"not a database", "db " + q(notDb), {"other.db"}},
        {"missing folder", "trainer " + q(dir.path() / "nowhere"), {"nowhere"}},
    };
    for (const auto& item : cases) {
        SCOPED_TRACE(item.what);
        const auto result = test::runCommand(cli("import " + item.arguments + " --db " + q(db)));
        EXPECT_EQ(result.exitCode, 3) << result.err;
        for (const auto& part : item.inMessage) EXPECT_THAT(result.err, HasSubstr(part));
        EXPECT_TRUE(result.out.empty()) << result.out;
        EXPECT_EQ(countsOf(db), before);
    }
    // Not one byte changed: each input was read and refused before the database was opened.
    EXPECT_EQ(test::readFileBytes(db), dbBytes);
    for (const auto& item : cases) {
        SCOPED_TRACE(item.what + " into a new database");
        EXPECT_EQ(test::runCommand(cli("import " + item.arguments + " --db " + q(dir.file("new.db")))).exitCode, 3);
        EXPECT_FALSE(std::filesystem::exists(dir.file("new.db")));
    }
}

TEST(CliImport, DatabaseMergeKeepsIdentityAndSecondMergeAddsNothing) {
    const test::TempDir dir;
    const auto theirs = dir.file("theirs.db");
    importH100(dir, theirs);
    const auto mine = dir.file("mine.db");
    const auto first = test::runCommand(cli("import db " + q(theirs) + " --json --db " + q(mine)));
    ASSERT_EQ(first.exitCode, 0) << first.err;
    EXPECT_EQ(nlohmann::json::parse(first.out)["added"].size(), 1U);
    const auto second = test::runCommand(cli("import db " + q(theirs) + " --json --db " + q(mine)));
    ASSERT_EQ(second.exitCode, 0) << second.err;
    EXPECT_TRUE(nlohmann::json::parse(second.out)["added"].empty());
    EXPECT_EQ(countsOf(mine), countsOf(theirs));
    ResultStore a(theirs);
    ResultStore b(mine);
    EXPECT_EQ(a.findRun("h100-run")->uuid, b.findRun("h100-run")->uuid);
}

TEST(CliImport, BadOptionsAreUsageErrors) {
    const test::TempDir dir;
    EXPECT_EQ(test::runCommand(cli("import parquet x --db " + q(dir.file("r.db")))).exitCode, 2);
    EXPECT_EQ(test::runCommand(cli("import trainer x --device-kind tpu --db " + q(dir.file("r.db")))).exitCode, 2);
    EXPECT_EQ(test::runCommand(cli("import trainer x --device-count 0 --db " + q(dir.file("r.db")))).exitCode, 2);
}

TEST(CliCompare, PrintsAnAlignedTableAndJsonWithSpeedups) {
    const test::TempDir dir;
    const auto db = dir.file("r.db");
    const auto h100 = importH100(dir, db);
    ResultStore store(db);
    std::int64_t a100 = 0;
    for (const auto& run : store.listRuns())
        if (isReference(run.origin) && run.deviceName == "A100 80GB" && run.workers == 2 && run.batchSize == 48)
            a100 = run.id;
    ASSERT_GT(a100, 0);

    const auto table = test::runCommand(cli(fmt::format("compare {} {} --baseline {} --db {}", h100, a100, a100, q(db))));
    ASSERT_EQ(table.exitCode, 0) << table.err;
    std::vector<std::string> lines;
    for (std::size_t start = 0, end; (end = table.out.find('\n', start)) != std::string::npos; start = end + 1)
        lines.push_back(table.out.substr(start, end - start));
    ASSERT_GE(lines.size(), 5U);  // baseline, header, rule, two runs
    // Columns line up on screen: "speedup" starts at the same character (not byte: "8× H100") in
    // the header and in both rows.
    auto fromColumn = [](const std::string& line, std::size_t column) {
        std::size_t byte = 0;
        for (std::size_t seen = 0; byte < line.size() && seen < column; ++seen)
            do ++byte; while (byte < line.size() && (static_cast<unsigned char>(line[byte]) & 0xC0) == 0x80);
        return line.substr(byte);
    };
    const auto column = lines[1].find("speedup");
    ASSERT_NE(column, std::string::npos);
    // The import names no model: nobody can show its samples are the A100's work, so no ratio
    // (it read "1.74x"); the baseline's own row keeps its 1.00x.
    EXPECT_THAT(fromColumn(lines[3], column), ::testing::StartsWith("- "));
    EXPECT_THAT(fromColumn(lines[4], column), ::testing::StartsWith("1.00x"));

    const auto json = test::runCommand(cli(fmt::format("compare {} {} --baseline {} --json --db {}", h100, a100, a100, q(db))));
    ASSERT_EQ(json.exitCode, 0) << json.err;
    const auto parsed = nlohmann::json::parse(json.out);
    EXPECT_EQ(parsed["baseline"]["id"], a100);
    EXPECT_TRUE(parsed["runs"][0]["speedup"].is_null());
    EXPECT_THAT(parsed["runs"][0]["no_speedup_because"].get<std::string>(),
                HasSubstr("not shown to be like for like (model, "));
    EXPECT_EQ(parsed["runs"][1]["speedup"], 1.0);
    // The import names no model, caption length or precision: unknown, which is not a different workload.
    EXPECT_EQ(parsed["runs"][0]["workload_differs"], false);
    EXPECT_EQ(parsed["runs"][0]["workload_unknown"], "model, image size, text length, precision");

    EXPECT_EQ(test::runCommand(cli("compare no-such-run --db " + q(db))).exitCode, 2);
}

TEST(CliExport, WritesEveryFormat) {
    const test::TempDir dir;
    const auto db = dir.file("r.db");
    const auto h100 = std::to_string(importH100(dir, db));
    for (const std::string format : {"csv", "json", "html", "pdf", "png", "svg"}) {
        SCOPED_TRACE(format);
        const auto out = dir.file("out." + format);
        const auto result = test::runCommand(cli("export " + h100 + " 1 --format " + format + " --out " + q(out) +
                                                 " --json --db " + q(db)));
        ASSERT_EQ(result.exitCode, 0) << result.err;
        EXPECT_EQ(nlohmann::json::parse(result.out)["files"][0], out.string());
        ASSERT_TRUE(std::filesystem::exists(out));
        const std::string bytes = test::readFileBytes(out);
        if (format == "csv") {
            EXPECT_THAT(bytes, HasSubstr("h100-run"));
        } else if (format == "json") {
            EXPECT_EQ(nlohmann::json::parse(bytes)["runs"].size(), 2U);
        } else if (format == "html") {
            EXPECT_THAT(bytes, HasSubstr("602.1"));
        } else if (format == "pdf") {
            EXPECT_EQ(bytes.substr(0, 5), "%PDF-");
        } else if (format == "png") {
            EXPECT_EQ(bytes.substr(1, 3), "PNG");
        } else {
            EXPECT_THAT(bytes, HasSubstr("class=\"bar\""));
        }
    }
    const auto tb = test::runCommand(cli("export " + h100 + " --format tensorboard --out " + q(dir.file("logdir")) +
                                         " --db " + q(db)));
    ASSERT_EQ(tb.exitCode, 0) << tb.err;
    // Back in through import: the run is recognised by its uuid.
    const auto back = test::runCommand(cli("import tensorboard " + q(dir.file("logdir")) + " --json --db " + q(db)));
    ASSERT_EQ(back.exitCode, 0) << back.err;
    EXPECT_EQ(nlohmann::json::parse(back.out)["skipped"][0], "h100-run");

    EXPECT_EQ(test::runCommand(cli("export " + h100 + " --format xls --out x --db " + q(db))).exitCode, 2);
    EXPECT_EQ(test::runCommand(cli("export 99999 --format csv --out x --db " + q(db))).exitCode, 2);
}

TEST(CliReport, ChoosesTheFormatFromTheExtension) {
    const test::TempDir dir;
    const auto db = dir.file("r.db");
    const auto h100 = std::to_string(importH100(dir, db));
    ASSERT_EQ(test::runCommand(cli("report " + h100 + " 2 --out " + q(dir.file("r.pdf")) + " --db " + q(db))).exitCode, 0);
    EXPECT_EQ(test::readFileBytes(dir.file("r.pdf")).substr(0, 5), "%PDF-");
    ASSERT_EQ(test::runCommand(cli("report " + h100 + " --baseline 2 --title 'H100 import' --out " +
                                   q(dir.file("r.html")) + " --db " + q(db)))
                  .exitCode,
              0);
    const std::string html = test::readFileBytes(dir.file("r.html"));
    EXPECT_THAT(html, HasSubstr("<title>H100 import</title>"));
    EXPECT_THAT(html, HasSubstr("h100-run"));
}

TEST(CliHelp, EveryNewCommandHasHelp) {
    for (const char* command : {"import", "export", "list", "show", "compare", "report"}) {
        SCOPED_TRACE(command);
        const auto result = test::runCommand(cli(std::string(command) + " --help"));
        EXPECT_EQ(result.exitCode, 0);
        EXPECT_THAT(result.out, HasSubstr("--db"));
    }
}

}  // namespace
}  // namespace bb::interop_cli_test
