#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <regex>
#include <sstream>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "bridgebench/result_store.h"
#include "support/hand_edit.h"
#include "support/measured_reference.h"
#include "support/process_runner.h"
#include "support/stored_cpu_run.h"
#include "support/temp_dir.h"
#include "support/stored_summary.h"

namespace bb::run_cli_test {
namespace {

std::string cli(const std::string& arguments) { return test::shellQuote(BB_CLI_PATH) + " " + arguments; }

TEST(CliRun, PrintsASummaryAndStoresTheRun) {
    test::TempDir dir;
    const auto db = dir.file("cli.db").string();
    const auto result = test::runCommand(cli("run --set steps=5 --set batch_size=4 --db " + test::shellQuote(db)));
    ASSERT_EQ(result.exitCode, 0) << result.err;
    EXPECT_NE(result.out.find("completed"), std::string::npos) << result.out;
    EXPECT_NE(result.out.find("samples/s"), std::string::npos) << result.out;
    EXPECT_NE(result.out.find(db), std::string::npos) << result.out;
    // stderr is not a terminal here: no progress line, only the start notice.
    EXPECT_EQ(result.err.find("\r"), std::string::npos);

    ResultStore store(db);
    int local = 0;
    for (const auto& run : store.listRuns()) {
        if (run.origin != RunOrigin::Engine) continue;
        ++local;
        EXPECT_EQ(run.status, RunStatus::Completed);
        EXPECT_EQ(run.batchSize, 4);
        EXPECT_EQ(store.stepCount(run.id), 5);
    }
    EXPECT_EQ(local, 1);
}

TEST(CliRun, JsonOutputIsOneDocumentWithTheSummaryKeys) {
    test::TempDir dir;
    const auto db = dir.file("cli.db").string();
    const auto result =
        test::runCommand(cli("run --json --set steps=5 --set batch_size=2 --set warmup_steps=2 --db " + test::shellQuote(db)));
    ASSERT_EQ(result.exitCode, 0) << result.err;
    const auto json = nlohmann::json::parse(result.out);  // throws if anything else is on stdout
    for (const char* key : {"median_samples_per_s", "p5_samples_per_s", "p95_samples_per_s", "data_wait_share",
                            "achieved_flops_per_s", "warmup_steps", "steps", "skipped_samples", "status", "run_id"})
        EXPECT_TRUE(json.contains(key)) << key;
    EXPECT_EQ(json["steps"], 5);
    EXPECT_EQ(json["warmup_steps"], 2);
    EXPECT_EQ(json["status"], "completed");
    ResultStore store(db);
    EXPECT_EQ(store.stepCount(json["run_id"].get<std::int64_t>()), 5);
}

// Printed on a quiet machine too, from the summary it stored: the line that says whether the
// figures were the run's own.
TEST(CliRun, PrintsWhatOtherProcessesTookFromItsCoresWhileItRan) {
    test::TempDir dir;
    const auto db = dir.file("cli.db").string();
    // Longer than the meter's quarter-second window.
    const auto result = test::runCommand(
        cli("run --set steps=40 --set batch_size=8 --set threads=1 --set probe=false --db " + test::shellQuote(db)));
    ASSERT_EQ(result.exitCode, 0) << result.err;
    const auto line = result.out.find("other processes:");
    ASSERT_NE(line, std::string::npos) << result.out;
    ResultStore store(db);
    const auto runs = store.listRuns();
    const auto local = std::find_if(runs.begin(), runs.end(), [](const auto& run) { return run.origin == RunOrigin::Engine; });
    ASSERT_NE(local, runs.end());
    const double stored = bb::test::storedJson(local->summary).at("other_cpu_cores").get<double>();
    EXPECT_NE(result.out.find(fmt::format("{:.2f} cores on average", stored), line), std::string::npos) << result.out;
}

TEST(CliRun, TrainsOnAManifestAndNamesTheFilesItSkipped) {
    test::TempDir dir;
    const auto data = dir.file("data").string();
    ASSERT_EQ(test::runCommand(cli("dataset generate --out " + test::shellQuote(data) +
                                   " --count 12 --width 96 --height 72")).exitCode,
              0);
    std::ofstream(dir.file("data/images/broken.jpg")) << "\xff\xd8 not really a JPEG";
    std::ofstream(dir.file("data/manifest.jsonl"), std::ios::app)
        << R"({"image": "images/broken.jpg", "caption": "a broken picture"})" << "\n";
    const auto result = test::runCommand(cli("run --json --set steps=3 --set batch_size=4 --set workers=1 --set dataset=" +
                                             test::shellQuote(dir.file("data/manifest.jsonl").string()) + " --db " +
                                             test::shellQuote(dir.file("cli.db").string())));
    ASSERT_EQ(result.exitCode, 0) << result.err;
    const auto json = nlohmann::json::parse(result.out);
    EXPECT_EQ(json["status"], "completed");
    EXPECT_EQ(json["skipped_samples"], 1);
    ASSERT_EQ(json["skipped_first"].size(), 1u) << json.dump();
    EXPECT_NE(json["skipped_first"][0]["path"].get<std::string>().find("broken.jpg"), std::string::npos);
    EXPECT_FALSE(json["skipped_first"][0]["reason"].get<std::string>().empty());
}

TEST(CliRun, InvalidValueExitsTwoNamingTheKeyAndRunsNothing) {
    test::TempDir dir;
    const auto db = dir.file("cli.db").string();
    const auto bad = test::runCommand(cli("run --set batch_size=0 --db " + test::shellQuote(db)));
    EXPECT_EQ(bad.exitCode, 2);
    EXPECT_NE(bad.err.find("batch_size"), std::string::npos) << bad.err;
    EXPECT_FALSE(std::filesystem::exists(db));

    const auto unknown = test::runCommand(cli("run --set bogus_key=1 --db " + test::shellQuote(db)));
    EXPECT_EQ(unknown.exitCode, 2);
    EXPECT_NE(unknown.err.find("bogus_key"), std::string::npos) << unknown.err;

    const auto badOption = test::runCommand(cli("run --no-such-option"));
    EXPECT_EQ(badOption.exitCode, 2);
}

TEST(CliRun, UnreadableConfigFileExitsThree) {
    test::TempDir dir;
    const auto result = test::runCommand(cli("run --config " + test::shellQuote(dir.file("missing.json").string()) +
                                             " --db " + test::shellQuote(dir.file("x.db").string())));
    EXPECT_EQ(result.exitCode, 3);
    EXPECT_NE(result.err.find("missing.json"), std::string::npos) << result.err;
}

// show is read by people: "available_cores_at_start 1.7827410200000002" claimed seventeen digits
// of a 150 ms measurement. Its JSON keeps what was stored.
TEST(CliShow, PrintsStoredFiguresToSixSignificantDigitsAndJsonExactly) {
    test::TempDir dir;
    const auto db = dir.file("cli.db").string();
    const auto ran = test::runCommand(cli("run --json --set steps=4 --set batch_size=2 --db " + test::shellQuote(db)));
    ASSERT_EQ(ran.exitCode, 0) << ran.err;
    const auto id = std::to_string(nlohmann::json::parse(ran.out)["run_id"].get<std::int64_t>());

    const auto shown = test::runCommand(cli("show " + id + " --db " + test::shellQuote(db)));
    ASSERT_EQ(shown.exitCode, 0) << shown.err;
    const std::regex decimal(R"(\d+\.\d+(e[-+]?\d+)?|\d+e[-+]?\d+)");
    std::istringstream lines(shown.out);
    int figures = 0;
    for (std::string line; std::getline(lines, line);) {
        if (line.rfind("  median_samples_per_s", 0) == 0) ++figures;
        // A decimal's significant digits: its point, leading and trailing zeros aside.
        for (std::sregex_iterator match(line.begin(), line.end(), decimal), end; match != end; ++match) {
            std::string digits = match->str().substr(0, match->str().find('e'));
            digits.erase(std::remove(digits.begin(), digits.end(), '.'), digits.end());
            digits.erase(0, digits.find_first_not_of('0'));
            digits.erase(digits.find_last_not_of('0') + 1);
            EXPECT_LE(digits.size(), 6u) << match->str() << " in: " << line;
        }
    }
    EXPECT_EQ(figures, 1) << shown.out;

    const auto json = nlohmann::json::parse(test::runCommand(cli("show " + id + " --json --db " + test::shellQuote(db))).out);
    ResultStore store(db);
    EXPECT_EQ(json["summary"]["median_samples_per_s"].get<double>(),
              bb::test::storedJson(store.findRun(std::stoll(id))->summary)["median_samples_per_s"].get<double>());
}

// A key longer than the usual column pushed its value out of line with the rest of its section
// ("intra_op_threads_instead_of 2" under "intra_op_threads         1").
TEST(CliShow, ValuesLineUpWhateverTheirKeysLength) {
    test::TempDir dir;
    const auto db = dir.file("cli.db").string();
    std::int64_t id = 0;
    {
        ResultStore store(db);
        RunRecord run;
        run.name = "stored";
        run.status = RunStatus::Completed;
        run.environment = nlohmann::json{{"intra_op_threads", 1}, {"intra_op_threads_instead_of", 2}}.get<RunEnvironment>();
        id = store.createRun(run);
    }
    const auto shown = test::runCommand(cli("show " + std::to_string(id) + " --db " + test::shellQuote(db)));
    ASSERT_EQ(shown.exitCode, 0) << shown.err;
    std::istringstream lines(shown.out);
    std::vector<std::size_t> valueColumns;
    bool inEnvironment = false;
    for (std::string line; std::getline(lines, line);) {
        if (!line.empty() && line[0] != ' ') inEnvironment = line == "Environment:";
        else if (inEnvironment) valueColumns.push_back(line.find_last_of(' ') + 1);
    }
    ASSERT_EQ(valueColumns.size(), 2u) << shown.out;
    EXPECT_EQ(valueColumns[0], valueColumns[1]) << shown.out;
}

// A new user's `show` printed "achieved_flops_per_s 9.90931e+09" and a peak measured "on 1 threads".
TEST(CliShow, PrintsLargeFiguresWithoutAnExponentAndOneThreadInTheSingular) {
    test::TempDir dir;
    const auto db = dir.file("cli.db").string();
    std::int64_t id = 0;
    {
        ResultStore store(db);
        RunRecord run;
        run.name = "stored";
        run.origin = RunOrigin::Engine;
        run.status = RunStatus::Completed;
        run.deviceKind = "cpu";
        run.deviceName = "cpu";
        run.precision = "fp32";
        run.summary = bb::test::storedSummary(nlohmann::json{{"achieved_flops_per_s", 9909310123.0},
                       {"median_samples_per_s", 10.5},
                       {"mean_samples_per_s", 10.5},
                       {"probe", {{"gemm_fp32_flops_per_s", 8.5e10}, {"gemm_size", 1024}, {"gemm_threads", 1}}}});
        run.environment = nlohmann::json{{"hostname", "box"}, {"cpu_model", "Test CPU"}, {"logical_cores", 1}}.get<RunEnvironment>();
        id = store.createRun(run);
        store.recordMachinePeak({machineIdentity(run.environment), "fp32", 8.5e10, 1024, 1, 5, 0.0, "2026-05-01T10:00:00Z"});
    }
    const auto shown = test::runCommand(cli("show " + std::to_string(id) + " --db " + test::shellQuote(db)));
    ASSERT_EQ(shown.exitCode, 0) << shown.err;
    EXPECT_EQ(shown.out.find("e+"), std::string::npos) << shown.out;
    EXPECT_NE(shown.out.find("9909310000"), std::string::npos) << shown.out;
    EXPECT_NE(shown.out.find("on 1 thread,"), std::string::npos) << shown.out;
    EXPECT_EQ(shown.out.find("1 threads"), std::string::npos) << shown.out;
}

TEST(CliList, ListsReferenceAndLocalRunsAsTableAndJson) {
    test::TempDir dir;
    const auto db = test::shellQuote(dir.file("cli.db").string());
    ASSERT_EQ(test::runCommand(cli("run --set steps=3 --set name=listed-run --db " + db)).exitCode, 0);

    const auto table = test::runCommand(cli("list --db " + db));
    ASSERT_EQ(table.exitCode, 0) << table.err;
    EXPECT_NE(table.out.find("listed-run"), std::string::npos);
    EXPECT_NE(table.out.find("Gaudi2"), std::string::npos);

    const auto json = test::runCommand(cli("list --json --db " + db));
    ASSERT_EQ(json.exitCode, 0);
    const auto runs = nlohmann::json::parse(json.out);
    ASSERT_TRUE(runs.is_array());
    EXPECT_EQ(runs.size(), 17u + test::shippedMeasuredRunCount());
    EXPECT_EQ(runs.back()["name"], "listed-run");
    EXPECT_EQ(runs.back()["source"], "local");
}

// Seen on a new user's tour: `list` was 208 columns wide, called the study's 2023 figures and
// BridgeBench's 2026 H200 table both "reference", and printed a CPU's 0.0134 samples/s as "0.0".
TEST(CliList, FitsOneHundredTwentyColumnsWithEachSourceUnderItsOwnHeading) {
    test::TempDir dir;
    const auto db = dir.file("wide.db");
    const std::string longName(90, 'n');
    const auto id = test::storeCompletedCpuRun(db, longName + "-end", 0);
    test::storeCompletedCpuRun(db, "second", 1);
    test::handEditRunColumn(db, id, "summary_json", R"({"median_samples_per_s": 0.0134})");

    const auto table = test::runCommand(cli("list --db " + test::shellQuote(db.string())));
    ASSERT_EQ(table.exitCode, 0) << table.err;
    std::istringstream lines(table.out);
    for (std::string line; std::getline(lines, line);) {
        const auto width = std::count_if(line.begin(), line.end(),
                                         [](char c) { return (static_cast<unsigned char>(c) & 0xC0) != 0x80; });
        EXPECT_LE(width, 120) << line;
    }
    const auto published = table.out.find("Published study");
    const auto measured = table.out.find("Measured by BridgeBench");
    const auto yours = table.out.find("Your runs: 2 runs");
    ASSERT_NE(published, std::string::npos) << table.out;
    ASSERT_NE(measured, std::string::npos) << table.out;
    ASSERT_NE(yours, std::string::npos) << table.out;
    EXPECT_LT(published, measured);
    EXPECT_LT(measured, yours);
    // The study's rows share their model: it is said once, above them.
    EXPECT_NE(table.out.find("model BridgeTower/bridgetower-large-itm-mlm-itc"), std::string::npos) << table.out;
    EXPECT_LT(table.out.find("8x Gaudi2"), measured);
    EXPECT_GT(table.out.find("second"), yours);
    // The long name keeps its start and its end.
    EXPECT_NE(table.out.find("-end"), std::string::npos) << table.out;
    EXPECT_NE(table.out.find("0.0134"), std::string::npos) << table.out;
}

// Seen on the peer's rehearsal table, whose imported runs name no model: their heading said "all
// ... · model · batch 8", lifting an empty column above the table.
TEST(CliList, AColumnEmptyInEveryRowIsNeitherLiftedNorShown) {
    test::TempDir dir;
    const auto db = dir.file("empty-model.db");
    for (const char* name : {"first", "second"}) {
        const auto id = test::storeCompletedCpuRun(db, name, 0);
        test::handEditRunColumn(db, id, "model", "");
    }
    const auto table = test::runCommand(cli("list --db " + test::shellQuote(db.string())));
    ASSERT_EQ(table.exitCode, 0) << table.err;
    const auto yours = table.out.find("Your runs: 2 runs");
    ASSERT_NE(yours, std::string::npos) << table.out;
    const std::string heading = table.out.substr(yours, table.out.find("\nid ", yours) - yours);
    EXPECT_FALSE(std::regex_search(heading, std::regex(R"(model\s*(·|$))"))) << heading;
    EXPECT_NE(heading.find("batch"), std::string::npos) << heading;  // the other shared values still are
    const auto columnsAt = table.out.find("\nid ", yours) + 1;
    const std::string columns = table.out.substr(columnsAt, table.out.find('\n', columnsAt) - columnsAt);
    EXPECT_EQ(columns.find("model"), std::string::npos) << columns;  // nor a column of blanks
}

TEST(CliVersion, NamesTheLibraries) {
    const auto result = test::runCommand(cli("--version"));
    ASSERT_EQ(result.exitCode, 0);
    for (const char* name : {"BridgeBench", "commit", "LibTorch", "OpenCV", "SQLite"})
        EXPECT_NE(result.out.find(name), std::string::npos) << name;
}

}  // namespace
}  // namespace bb::run_cli_test
