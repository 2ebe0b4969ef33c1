// Achieved TFLOP/s, MFU and "your run beside the study" through the real executable.
#include <algorithm>
#include <cctype>
#include <sstream>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "bridgebench/result_store.h"
#include "bridgebench/load_runs.h"
#include "bridgebench/run_data.h"
#include "bridgebench/study_runs.h"
#include "bridgebench/tfevents_writer.h"
#include "support/measured_reference.h"
#include "support/cli_command.h"
#include "support/process_runner.h"
#include "support/temp_dir.h"
#include "support/stored_summary.h"

namespace bb::throughput_cli_test {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;

using test::cli;
using test::q;

std::vector<std::int64_t> augustIds(const std::filesystem::path& db, int workers) {
    ResultStore store(db);
    std::vector<std::int64_t> ids;
    for (const auto& run : store.listRuns())
        // The study's published figures, not a measured table this build ships.
        if (run.origin == RunOrigin::PublishedFigure && run.batchSize == 48 && run.workers == workers &&
            run.deviceTransforms == false)
            ids.push_back(run.id);
    return ids;
}

// The ids of the runs a fresh database at `db` holds that `wanted` picks.
template <typename Predicate>
std::vector<std::int64_t> storedRunIds(const std::filesystem::path& db, Predicate wanted) {
    ResultStore store(db);
    std::vector<std::int64_t> ids;
    for (const auto& run : store.listRuns())
        if (wanted(run)) ids.push_back(run.id);
    return ids;
}

// A TensorBoard log with step times only, as a plain SummaryWriter leaves it.
std::filesystem::path bareLog(const test::TempDir& dir) {
    const auto folder = dir.path() / "my-run";
    std::filesystem::create_directories(folder);
    TfEventsWriter writer(folder / TfEventsWriter::fileName(1700000000, "n"), 1700000000);
    for (int index = 1; index <= 4; ++index) writer.write({"train/loss", 10 * index, 1700000000.0 + 2 * index, 1.0});
    return folder;
}

TEST(CliThroughput, TheStudysRunsHaveTflopsAndMfu) {
    const test::TempDir dir;
    const auto db = dir.file("r.db");
    const auto ids = augustIds(db, 2);  // Gaudi2, H100, A100 at workers 2
    ASSERT_EQ(ids.size(), 3U);
    const auto result = test::runCommand(
        cli(fmt::format("compare {} {} {} --metric tflops --json --db {}", ids[0], ids[1], ids[2], q(db))));
    ASSERT_EQ(result.exitCode, 0) << result.err;
    const auto json = nlohmann::json::parse(result.out);
    for (const auto& entry : json["runs"]) {
        ASSERT_TRUE(entry["value"].is_number()) << entry.dump();
        ASSERT_TRUE(entry["mfu"].is_number()) << entry.dump();
        EXPECT_LT(entry["mfu"].get<double>(), 1.0);
    }
    EXPECT_NEAR(json["runs"][1]["value"].get<double>(), 895.09, 0.01);  // 8× H100: 1486.6 GFLOP × 602.1/s
    EXPECT_NEAR(json["runs"][1]["mfu"].get<double>(), 0.1131, 1e-4);
    EXPECT_THAT(json["runs"][1]["flops_basis"].get<std::string>(), HasSubstr("128 tokens"));

    const auto table = test::runCommand(
        cli(fmt::format("compare {} {} {} --metric tflops --db {}", ids[0], ids[1], ids[2], q(db))));
    ASSERT_EQ(table.exitCode, 0) << table.err;
    EXPECT_THAT(table.out, HasSubstr("895"));
    EXPECT_THAT(table.out, HasSubstr("11.3%"));
    EXPECT_THAT(table.out, HasSubstr("Where TFLOP/s and MFU come from"));
    EXPECT_THAT(table.out, HasSubstr("max_seq_length"));
    EXPECT_THAT(table.out, HasSubstr("datasheet"));
}

// `show` on the shipped H200 runs printed a "compute threads" column (16, 15, … 1) that does not
// change a GPU step, over 34 rows for workers 0..16, most of them the same prediction.
TEST(CliThroughput, AGpuRunsDiagnosisListsTheSettingsThatChangeItsStep) {
    const test::TempDir dir;
    const auto db = dir.file("r.db");
    const auto gpuRuns =
        storedRunIds(db, [](const RunRecord& run) { return isMeasuredReference(run) && run.deviceKind == "cuda"; });
    ASSERT_FALSE(gpuRuns.empty()) << "this build ships a GPU table";
    for (const auto id : gpuRuns) {
        const auto shown = test::runCommand(cli(fmt::format("show {} --db {}", id, q(db))));
        ASSERT_EQ(shown.exitCode, 0) << shown.err;
        const auto table = shown.out.substr(shown.out.find("Diagnosis:"));
        EXPECT_THAT(table, HasSubstr("predicted samples/s"));
        EXPECT_THAT(table, Not(HasSubstr("compute threads"))) << table;
        EXPECT_THAT(table, HasSubstr("(this run's setting)"));
        // Rows begin with their worker count; no run of the shipped table needs more than two.
        std::istringstream lines(table);
        int rows = 0;
        for (std::string line; std::getline(lines, line);)
            if (!line.empty() && std::isdigit(static_cast<unsigned char>(line[0]))) {
                ++rows;
                EXPECT_LE(std::stoi(line), 2) << line;
            }
        EXPECT_GE(rows, 3) << table;
        EXPECT_LE(rows, 6) << table;
    }
}

TEST(CliThroughput, ImportOptionsFillTheWorkloadAndCompareWithStudySwitchesTheMetric) {
    const test::TempDir dir;
    const auto db = dir.file("r.db");
    const auto imported = test::runCommand(cli("import tensorboard " + q(bareLog(dir)) +
                                               " --device-kind cpu --device-count 1 --model tiny --batch-size 8 "
                                               "--workers 1 --precision fp32 --json --db " + q(db)));
    ASSERT_EQ(imported.exitCode, 0) << imported.err;
    const auto id = nlohmann::json::parse(imported.out)["added"][0]["id"].get<std::int64_t>();

    const auto shown = test::runCommand(cli(fmt::format("show {} --json --db {}", id, q(db))));
    ASSERT_EQ(shown.exitCode, 0) << shown.err;
    const auto run = nlohmann::json::parse(shown.out);
    EXPECT_EQ(run["config"]["batch_size"], 8);
    EXPECT_EQ(run["environment"]["provenance"]["workers"], "--workers");
    EXPECT_TRUE(run["throughput"]["achieved_tflops"].is_number());  // 8 samples per step, 2 s apart
    // An import names no machine, so no machine's peak applies (machine_peak.h).
    EXPECT_THAT(run["throughput"]["no_mfu_because"].get<std::string>(), HasSubstr("which machine"));

    const auto compared = test::runCommand(cli(fmt::format("compare {} --with-study --json --db {}", id, q(db))));
    ASSERT_EQ(compared.exitCode, 0) << compared.err;
    const auto json = nlohmann::json::parse(compared.out);
    EXPECT_EQ(json["metric"], "tflops-per-device");
    EXPECT_EQ(json["baseline"]["id"], id);
    // The run, the study's ten figures and the measured tables this build ships.
    EXPECT_EQ(json["runs"].size(), 11U + test::shippedMeasuredRunCount());
    EXPECT_THAT(json["study_reason"].get<std::string>(), HasSubstr("batch 8 vs 48"));
    EXPECT_EQ(json["runs"][0]["configuration"], "workers 1");

    const auto samples =
        test::runCommand(cli(fmt::format("compare {} --with-study --metric samples --json --db {}", id, q(db))));
    EXPECT_EQ(nlohmann::json::parse(samples.out)["metric"], "samples");
}

// `compare --with-study` printed rows ~370 characters wide, with TFLOP/s per device in two
// columns (the metric's and its own). The table fits 120 columns; what differs goes under it.
TEST(CliThroughput, TheStudyComparisonTableFits120Columns) {
    const test::TempDir dir;
    const auto db = dir.file("r.db");
    const auto imported = test::runCommand(cli("import tensorboard " + q(bareLog(dir)) +
                                               " --device-kind cpu --device-count 1 --model tiny --batch-size 8 "
                                               "--workers 1 --precision fp32 --json --db " + q(db)));
    ASSERT_EQ(imported.exitCode, 0) << imported.err;
    const auto id = nlohmann::json::parse(imported.out)["added"][0]["id"].get<std::int64_t>();
    for (const char* metric : {"", " --metric samples"}) {
        const auto table = test::runCommand(cli(fmt::format("compare {} --with-study{} --db {}", id, metric, q(db))));
        ASSERT_EQ(table.exitCode, 0) << table.err;
        std::istringstream lines(table.out);
        int rows = 0;
        bool inTable = false;
        for (std::string line; std::getline(lines, line);) {
            if (line.rfind("id ", 0) == 0) {
                inTable = true;
                // TFLOP/s per device once: as the metric, or beside samples/s, never both.
                const auto first = line.find("TFLOP/s/dev");
                EXPECT_NE(first, std::string::npos) << line;
                EXPECT_EQ(line.find("TFLOP/s/dev", first + 1), std::string::npos) << line;
            }
            if (!inTable) continue;
            if (line.empty() || (!std::isdigit(static_cast<unsigned char>(line[0])) && line[0] != '-' && line[0] != 'i'))
                break;
            const auto width = std::count_if(line.begin(), line.end(), [](char c) { return (c & 0xC0) != 0x80; });
            EXPECT_LE(width, 120) << line;
            rows += std::isdigit(static_cast<unsigned char>(line[0])) ? 1 : 0;
        }
        EXPECT_EQ(rows, 11 + static_cast<int>(test::shippedMeasuredRunCount())) << table.out;
        // What differs, under the table, whole: the study's runs against this one.
        EXPECT_THAT(table.out, HasSubstr("batch 48 vs 8")) << table.out;
        // The notes under it too: they ran ~240 characters a line, wrapped by the terminal mid-word.
        std::istringstream all(table.out);
        for (std::string line; std::getline(all, line);)
            EXPECT_LE(std::count_if(line.begin(), line.end(), [](char c) { return (c & 0xC0) != 0x80; }), 120) << line;
    }
}

// `compare ID --with-study` with one of the study's June rows first (the README's example): each device's group
// is dated against that baseline, and the rows ran to 130 columns with only the names cut; lines without a mark
// ended in spaces.
TEST(CliThroughput, TheStudyComparisonFits120ColumnsWithAStudyRowAsItsBaseline) {
    const test::TempDir dir;
    const auto db = dir.file("r.db");
    // The study's June 2023 rows: batch 40.
    const auto june = storedRunIds(db, [](const RunRecord& run) {
        return run.origin == RunOrigin::PublishedFigure && run.batchSize == 40;
    });
    ASSERT_FALSE(june.empty());
    for (const std::string runs : {std::to_string(june.front()), fmt::format("{} {} --baseline {}", june.front(),
                                                                              june.back(), june.front())}) {
        const auto table = test::runCommand(cli(fmt::format("compare {} --with-study --db {}", runs, q(db))));
        ASSERT_EQ(table.exitCode, 0) << table.err;
        std::istringstream lines(table.out);
        for (std::string line; std::getline(lines, line);) {
            EXPECT_LE(std::count_if(line.begin(), line.end(), [](char c) { return (c & 0xC0) != 0x80; }), 120) << line;
            EXPECT_TRUE(line.empty() || line.back() != ' ') << "[" << line << "]";
        }
        // The configuration keeps what tells a study row from its neighbours, if cut in the middle.
        EXPECT_THAT(table.out, HasSubstr("media")) << table.out;
    }
}

// A table BridgeBench measured stands beside the study's figures in `compare --with-study`.
TEST(CliThroughput, TheStudyComparisonHoldsAMeasuredTableBesideThePublishedOne) {
    const test::TempDir dir;
    const auto measuredDb = dir.file("measured.db");
    const auto ran = test::runCommand(cli("run --set model=tiny --set steps=4 --set batch_size=4 --json --db " + q(measuredDb)));
    ASSERT_EQ(ran.exitCode, 0) << ran.err;
    std::vector<RunData> measured;
    {
        ResultStore store(measuredDb);
        std::vector<RunRecord> local;
        for (const auto& run : store.listRuns())
            if (run.origin == RunOrigin::Engine) local.push_back(run);
        measured = loadRuns(store, local);
    }
    ASSERT_EQ(measured.size(), 1U);
    const auto db = dir.file("user.db");
    test::addMeasuredReferenceTable(db, "2e4b6d80-1a3c-4e5f-8a7b-9c0d1e2f3a4b", "2 Dec 2026", measured);
    const auto mine = test::runCommand(cli("run --set model=tiny --set steps=4 --set batch_size=4 --json --db " + q(db)));
    ASSERT_EQ(mine.exitCode, 0) << mine.err;
    const auto id = nlohmann::json::parse(mine.out)["run_id"].get<std::int64_t>();

    const auto compared = test::runCommand(cli(fmt::format("compare {} --with-study --json --db {}", id, q(db))));
    ASSERT_EQ(compared.exitCode, 0) << compared.err;
    int published = 0;
    int beside = 0;
    const auto json = nlohmann::json::parse(compared.out);
    for (const auto& run : json["runs"]) {
        if (run["name"] == "1x cpu · workers 0 (2 Dec 2026)") {
            EXPECT_TRUE(run["reference"].get<bool>());
            EXPECT_EQ(run["device"], "1× cpu");
            ++beside;
        } else if (run["reference"].get<bool>() && run["device"].get<std::string>().rfind("8× ", 0) == 0) {
            ++published;
        }
    }
    EXPECT_EQ(beside, 1) << compared.out;
    EXPECT_EQ(published, 10);
}

TEST(CliThroughput, ARunWhoseWorkersAreUnknownIsNotShownWithZero) {
    const test::TempDir dir;
    const auto db = dir.file("r.db");
    const auto imported = test::runCommand(cli("import tensorboard " + q(bareLog(dir)) + " --json --db " + q(db)));
    ASSERT_EQ(imported.exitCode, 0) << imported.err;
    const auto id = nlohmann::json::parse(imported.out)["added"][0]["id"].get<std::int64_t>();
    const auto compared = test::runCommand(cli(fmt::format("compare {} --with-study --json --db {}", id, q(db))));
    ASSERT_EQ(compared.exitCode, 0) << compared.err;
    const auto json = nlohmann::json::parse(compared.out);
    EXPECT_EQ(json["runs"][0]["configuration"], "workers unknown");
    EXPECT_FALSE(json["runs"][0]["workload_differs"].get<bool>());
    EXPECT_THAT(json["runs"][0]["workload_unknown"].get<std::string>(), HasSubstr("batch"));
}

// Two runs of one setting, one measured beside a build: `compare` says which before its figures
// are read as the setting's.
TEST(CliThroughput, CompareNamesTheRunOtherProcessesTookCoresFrom) {
    const test::TempDir dir;
    const auto db = dir.file("r.db");
    std::vector<std::int64_t> ids;
    {
        ResultStore store(db);
        for (const double others : {0.03, 1.4}) {
            RunRecord run;
            run.name = others > 1 ? "beside a build" : "quiet";
            run.status = RunStatus::Completed;
            run.deviceKind = "cpu";
            run.deviceName = "cpu";
            run.model = "tiny";
            run.batchSize = 8;
            run.environment = nlohmann::json{{"logical_cores", 2}}.get<RunEnvironment>();
            run.summary = bb::test::storedSummary(nlohmann::json{{"median_samples_per_s", others > 1 ? 90.0 : 300.0},
                           {"other_cpu_cores", others},
                           {"other_cpu_cores_p95", others * 1.2}});
            ids.push_back(store.createRun(run));
        }
    }
    const auto table = test::runCommand(cli(fmt::format("compare {} {} --db {}", ids[0], ids[1], q(db))));
    ASSERT_EQ(table.exitCode, 0) << table.err;
    EXPECT_THAT(table.out, HasSubstr(fmt::format("Measured beside other processes (the figures may not repeat):\n"
                                                 "  #{}: other processes took 1.4 of the 2 cores on average",
                                                 ids[1])));
    EXPECT_THAT(table.out, Not(HasSubstr(fmt::format("#{}: other processes", ids[0]))));
    const auto json = nlohmann::json::parse(
        test::runCommand(cli(fmt::format("compare {} {} --json --db {}", ids[0], ids[1], q(db)))).out);
    EXPECT_EQ(json["runs"][0]["other_processes"], "");
    EXPECT_THAT(json["runs"][1]["other_processes"].get<std::string>(), HasSubstr("1.4 of the 2 cores"));
}

TEST(CliThroughput, AnUnknownPrecisionOptionIsAUsageError) {
    const test::TempDir dir;
    const auto result = test::runCommand(cli("import tensorboard " + q(bareLog(dir)) + " --precision fp8 --db " +
                                             q(dir.file("r.db"))));
    EXPECT_EQ(result.exitCode, 2);
    EXPECT_THAT(result.err, HasSubstr("--precision"));
}

}  // namespace
}  // namespace bb::throughput_cli_test
