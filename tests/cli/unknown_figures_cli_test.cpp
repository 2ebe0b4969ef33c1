// What a run's files do not give is unknown in every output, never 0 or "off": a Trainer folder and
// a TensorBoard folder imported through the real executable, then shown, listed, exported and
// reported; and a run of one process carries no data-parallel figure.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include <nlohmann/json.hpp>

#include "bridgebench/tfevents_file.h"
#include "support/cli_command.h"
#include "support/process_runner.h"
#include "support/temp_dir.h"
#include "support/trainer_folder.h"

namespace bb::unknown_figures_cli_test {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;

const std::filesystem::path kData = BB_TEST_DATA_DIR;

using test::cli;
using test::q;

std::string ok(const std::string& arguments) {
    const auto result = test::runCommand(cli(arguments));
    EXPECT_EQ(result.exitCode, 0) << arguments << "\n" << result.err;
    return result.out;
}

std::string readText(const std::filesystem::path& file) {
    std::ifstream in(file);
    std::stringstream text;
    text << in.rdbuf();
    return text.str();
}

// A Trainer output folder with its event files, as `trainer.train()` leaves it: the files say
// nothing of loader workers, device transforms, data wait, memory or CPU.
std::filesystem::path trainerFolder(const test::TempDir& dir) { return test::h100TrainerFolder(dir.path()); }

struct Imported {
    std::filesystem::path db;
    std::int64_t trainer = 0;
    std::int64_t tensorboard = 0;
};

Imported importBoth(const test::TempDir& dir) {
    Imported imported{dir.file("unknowns.db")};
    const auto trainer = nlohmann::json::parse(
        ok("import trainer " + q(trainerFolder(dir)) + " --device-kind cuda --device-name H100 --json --db " + q(imported.db)));
    imported.trainer = trainer["added"][0]["id"].get<std::int64_t>();
    const auto events = nlohmann::json::parse(ok("import tensorboard " + q(kData / "tfevents/trainer-h100") +
                                                 " --name tb-run --json --db " + q(imported.db)));
    imported.tensorboard = events["added"][0]["id"].get<std::int64_t>();
    return imported;
}

// The CSV row cells under the header's names, for each line of the run named.
std::vector<std::map<std::string, std::string>> csvRows(const std::string& text, const std::string& run) {
    std::vector<std::vector<std::string>> lines;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);) {
        if (!line.empty() && line.back() == '\r') line.pop_back();
        std::vector<std::string> cells;
        std::string cell;
        std::istringstream fields(line);
        // The fixtures' names hold no comma or quote.
        while (std::getline(fields, cell, ',')) cells.push_back(cell);
        if (!line.empty() && line.back() == ',') cells.emplace_back();
        lines.push_back(cells);
    }
    std::vector<std::map<std::string, std::string>> rows;
    for (std::size_t line = 1; line < lines.size(); ++line) {
        std::map<std::string, std::string> row;
        for (std::size_t column = 0; column < lines[0].size() && column < lines[line].size(); ++column)
            row[lines[0][column]] = lines[line][column];
        if (row["run"] == run) rows.push_back(row);
    }
    return rows;
}

TEST(UnknownFigures, ShowAndShowJsonNameWhatAnImportsFilesDoNotGive) {
    const test::TempDir dir;
    const auto imported = importBoth(dir);
    for (const auto id : {imported.trainer, imported.tensorboard}) {
        const auto json = nlohmann::json::parse(ok("show " + std::to_string(id) + " --json --db " + q(imported.db)));
        const auto& summary = json["summary"];
        for (const char* key : {"data_wait_share", "flops_per_sample"}) {
            ASSERT_TRUE(summary.contains(key)) << key;
            EXPECT_TRUE(summary[key].is_null()) << key << " of run " << id << ": " << summary[key];
        }
        // One process or several, the files do not say: no all-reduce share is made up.
        EXPECT_FALSE(summary.contains("comm_share") && !summary["comm_share"].is_null()) << summary.dump();
        // Their logged points are not all their steps: a sample count they do not give is no count, not 0.
        EXPECT_FALSE(summary.contains("samples") && summary["samples"] == 0) << summary.dump();

        const auto text = ok("show " + std::to_string(id) + " --db " + q(imported.db));
        EXPECT_THAT(text, Not(HasSubstr("data_wait_share          0\n")));
        EXPECT_THAT(text, testing::ContainsRegex("data_wait_share +unknown"));
        EXPECT_THAT(text, testing::ContainsRegex("flops_per_sample +unknown"));
        EXPECT_THAT(text, Not(testing::ContainsRegex("comm_share +0")));
    }
}

// The study's figure is its headline, stored where the median goes: shown, not called unknown.
TEST(UnknownFigures, APublishedFigureKeepsItsHeadlineInShowAndShowJson) {
    const test::TempDir dir;
    const auto db = dir.file("study.db");
    const auto listed = nlohmann::json::parse(ok("list --json --db " + q(db)));
    ASSERT_FALSE(listed.empty());
    const auto& published = listed.front();
    const double figure = published["samples_per_s"].get<double>();
    const auto id = published["id"].dump();
    const auto json = nlohmann::json::parse(ok("show " + id + " --json --db " + q(db)));
    EXPECT_DOUBLE_EQ(json["summary"]["median_samples_per_s"].get<double>(), figure) << json["summary"].dump();
    EXPECT_THAT(ok("show " + id + " --db " + q(db)), testing::ContainsRegex("median_samples_per_s +[0-9]"));
}

TEST(UnknownFigures, ListAndListJsonLeaveSettingsTheFilesDoNotStateUnknown) {
    const test::TempDir dir;
    const auto imported = importBoth(dir);
    const auto listed = nlohmann::json::parse(ok("list --json --db " + q(imported.db)));
    int seen = 0;
    for (const auto& run : listed) {
        const auto id = run["id"].get<std::int64_t>();
        if (id != imported.trainer && id != imported.tensorboard) continue;
        ++seen;
        EXPECT_TRUE(run["workers"].is_null()) << run.dump();
        EXPECT_TRUE(run["device_transforms"].is_null()) << run.dump();
    }
    EXPECT_EQ(seen, 2);

    const auto text = ok("list --db " + q(imported.db));
    std::istringstream lines(text);
    for (std::string line; std::getline(lines, line);) {
        if (line.find("tb-run") == std::string::npos && line.find("h100-run") == std::string::npos) continue;
        EXPECT_THAT(line, Not(HasSubstr(" off "))) << "device transforms the files never mention: " << line;
    }
}

TEST(UnknownFigures, CsvJsonAndTensorBoardExportsLeaveUnmeasuredFieldsOut) {
    const test::TempDir dir;
    const auto imported = importBoth(dir);
    const auto ids = std::to_string(imported.trainer) + " " + std::to_string(imported.tensorboard);

    const auto csv = dir.file("runs.csv");
    ok("export " + ids + " --format csv --out " + q(csv) + " --db " + q(imported.db));
    const auto rows = csvRows(readText(csv), "h100-run");
    ASSERT_FALSE(rows.empty());
    for (const auto& row : rows) {
        for (const char* column : {"workers", "device_transforms", "rss_bytes", "cpu_util", "data_wait_ms", "forward_ms",
                                   "other_cpu", "device_mem_bytes"})
            EXPECT_EQ(row.at(column), "") << column << " at step " << row.at("step");
        EXPECT_NE(row.at("loss"), "") << "the log has the loss";
    }
    // The first logged step has nothing before it to be timed from.
    EXPECT_EQ(rows.front().at("wall_ms"), "");
    EXPECT_EQ(rows.front().at("samples_per_s"), "");
    EXPECT_EQ(rows.front().at("samples"), "") << "a count the log does not give, not 0";
    EXPECT_NE(rows.back().at("wall_ms"), "");
    EXPECT_THAT(readText(csv), Not(HasSubstr("nan")));

    const auto jsonFile = dir.file("runs.json");
    ok("export " + ids + " --format json --out " + q(jsonFile) + " --db " + q(imported.db));
    const auto json = nlohmann::json::parse(readText(jsonFile));
    for (const auto& run : json["runs"]) {
        EXPECT_TRUE(run["workers"].is_null());
        EXPECT_TRUE(run["device_transforms"].is_null());
        ASSERT_FALSE(run["steps"].empty());
        EXPECT_TRUE(run["steps"][0]["wall_ms"].is_null());
        EXPECT_TRUE(run["steps"][0]["samples"].is_null());
        for (const auto& step : run["steps"]) {
            EXPECT_TRUE(step["rss_bytes"].is_null());
            EXPECT_TRUE(step["data_wait_ms"].is_null());
        }
    }

    const auto board = dir.path() / "board";
    ok("export " + ids + " --format tensorboard --out " + q(board) + " --db " + q(imported.db));
    std::set<std::string> tags;
    for (const auto& file : readTfEvents(board))
        for (const auto& scalar : file.scalars) tags.insert(scalar.tag);
    EXPECT_FALSE(tags.empty());
    for (const auto& tag : tags) {
        EXPECT_THAT(tag, Not(HasSubstr("rss_bytes")));
        EXPECT_THAT(tag, Not(HasSubstr("data_wait_ms")));
        EXPECT_THAT(tag, Not(HasSubstr("cpu_util")));
    }
}

TEST(UnknownFigures, AnExportedImportComesBackWithTheSameUnknowns) {
    const test::TempDir dir;
    const auto imported = importBoth(dir);
    const auto csv = dir.file("runs.csv");
    ok("export " + std::to_string(imported.tensorboard) + " --format csv --out " + q(csv) + " --db " + q(imported.db));
    const auto again = dir.file("again.db");
    ok("import csv " + q(csv) + " --db " + q(again));
    const auto exported = dir.file("again.csv");
    ok("export tb-run --format csv --out " + q(exported) + " --db " + q(again));
    const auto rows = csvRows(readText(exported), "tb-run");
    ASSERT_FALSE(rows.empty());
    for (const auto& row : rows) {
        EXPECT_EQ(row.at("workers"), "");
        EXPECT_EQ(row.at("device_transforms"), "");
        EXPECT_EQ(row.at("rss_bytes"), "");
    }
}

TEST(UnknownFigures, ReportsShowUnknownSettingsAsUnknown) {
    const test::TempDir dir;
    const auto imported = importBoth(dir);
    const auto html = dir.file("report.html");
    ok("report " + std::to_string(imported.trainer) + " " + std::to_string(imported.tensorboard) + " --out " + q(html) +
       " --db " + q(imported.db));
    const auto text = readText(html);
    EXPECT_THAT(text, HasSubstr("workers unknown"));
    EXPECT_THAT(text, Not(HasSubstr("workers 0")));
}

// The note above the comparison is drawn from the same comparison as its rows: an import whose
// model the files do not name is not said to have the study's workload.
TEST(UnknownFigures, CompareWithTheStudyDoesNotCallAWorkloadNotKnownInFullTheStudys) {
    const test::TempDir dir;
    const auto imported = importBoth(dir);
    const auto text = ok("compare " + std::to_string(imported.trainer) + " --with-study --db " + q(imported.db));
    EXPECT_THAT(text, Not(HasSubstr("has the study's workload"))) << text;
    EXPECT_THAT(text, HasSubstr("workload is not known in full (unknown: model")) << text;
}

TEST(UnknownFigures, ARunOfOneProcessHasNoDataParallelFigure) {
    const test::TempDir dir;
    const auto db = dir.file("one.db");
    const auto result = test::runCommand(cli("run --json --set steps=4 --set batch_size=2 --set warmup_steps=1 --db " + q(db)));
    ASSERT_EQ(result.exitCode, 0) << result.err;
    const auto json = nlohmann::json::parse(result.out);
    EXPECT_FALSE(json.contains("comm_share")) << json.dump();
    EXPECT_FALSE(json.contains("distributed")) << json.dump();
    EXPECT_TRUE(json.contains("data_wait_share"));

    const auto shown = nlohmann::json::parse(ok("show " + json["run_id"].dump() + " --json --db " + q(db)));
    EXPECT_FALSE(shown["summary"].contains("comm_share")) << shown["summary"].dump();
}

}  // namespace
}  // namespace bb::unknown_figures_cli_test
