#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <SQLiteCpp/SQLiteCpp.h>
#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "bridgebench/errors.h"
#include "bridgebench/load_runs.h"
#include "bridgebench/run_comparison.h"
#include "bridgebench/run_import.h"
#include "bridgebench/run_json.h"
#include "bridgebench/study_runs.h"
#include "store/references/measured_table.h"
#include "store/references/shipped_table_files.h"
#include "store/references/shipped_tables.h"
#include "store/schema.h"
#include "support/temp_dir.h"
#include "support/stored_summary.h"

namespace bb::measured_reference_test {
namespace {

using ::testing::HasSubstr;

constexpr int kSteps = 7;

// A run as the engine stores it, with its steps, exported as `export --format json` writes it.
// By default on a CPU named as no shipped table's device; `device` and `environment` stand for
// another machine's run.
struct Device {
    std::string kind = "cpu";
    std::string name = "Test CPU";
    nlohmann::json environment = nlohmann::json::object();
};

nlohmann::json exportedRun(const std::filesystem::path& database, RunStatus status, const Device& device = {}) {
    ResultStore store(database);
    RunRecord run;
    run.name = "measured on this machine";
    run.deviceKind = device.kind;
    run.deviceName = device.name;
    run.environment = device.environment.get<RunEnvironment>();
    run.model = "tiny";
    run.precision = "fp32";
    run.batchSize = 8;
    run.deviceTransforms = true;
    const auto id = store.createRun(run);
    std::vector<StepMetrics> steps;
    for (int index = 0; index < kSteps; ++index) {
        StepMetrics step;
        step.step = index;
        step.timestampMs = 1.7e12 + 200.0 * index;
        step.wallMs = 200.0 + index;
        step.samples = 8;
        step.samplesPerSec = samplesPerSecond(step.samples, step.wallMs);
        step.dataWaitMs = 2.5;
        step.forwardMs = 90;
        steps.push_back(step);
    }
    store.appendSteps(id, steps);
    store.finishRun(id, status, "", bb::test::storedSummary({{"median_samples_per_s", 39.6}}));
    return runsToJson(loadRuns(store, {*store.findRun(id)}));
}

nlohmann::json tableHeader() {
    return {{"uuid", "0d3e6a52-7c1b-4f0e-9a7d-5e2c8b1f4a60"},
            {"name", "BridgeBench, 1× cpu, a test's table"},
            {"date", "2 Dec 2026"},
            {"created_at", "2026-12-02T00:00:00Z"},
            {"software", "this build"},
            {"source", "measured_reference_test"}};
}

// A table of one completed run, and a user's database with the study and nothing measured.
MeasuredTable completedTable(const test::TempDir& dir) {
    return measuredTableFromJson(tableHeader(), exportedRun(dir.file("measured.db"), RunStatus::Completed), "test");
}

std::filesystem::path newUserDatabase(const test::TempDir& dir) {
    const auto file = dir.file("user.db");
    ResultStore created(file);
    return file;
}

std::string refusal(const nlohmann::json& header, const nlohmann::json& runs) {
    try {
        measuredTableFromJson(header, runs, "core/references/test");
    } catch (const InputError& error) {
        return error.what();
    }
    return "accepted";
}

TEST(MeasuredReferences, ATableFromARunsExportStandsBesideTheStudyWithItsSteps) {
    test::TempDir dir;
    const auto exported = exportedRun(dir.file("measured.db"), RunStatus::Completed);
    const auto table = measuredTableFromJson(tableHeader(), exported, "core/references/test");
    const auto file = dir.file("user.db");
    { ResultStore created(file); }  // a user's database, with the study and nothing measured
    {
        SQLite::Database db(file.string(), SQLite::OPEN_READWRITE);
        migrate(db, file.c_str(), {table});
    }

    ResultStore store(file);
    const auto runs = store.listRuns();
    const auto studies = store.listStudies();
    const auto uuid = tableHeader()["uuid"].get<std::string>();
    const auto row =
        std::find_if(studies.begin(), studies.end(), [&uuid](const auto& each) { return each.uuid == uuid; });
    ASSERT_NE(row, studies.end());
    EXPECT_EQ(row->kind, "reference");
    EXPECT_EQ(row->config.value("date", ""), "2 Dec 2026");
    EXPECT_TRUE(row->config.value("measured", false));
    // The tables this build ships stand there too; this test's is the one of its study.
    const auto measured =
        std::find_if(runs.begin(), runs.end(), [&](const auto& run) { return run.studyId == row->id; });
    ASSERT_NE(measured, runs.end());
    EXPECT_TRUE(isMeasuredReference(*measured));
    EXPECT_EQ(measured->origin, RunOrigin::MeasuredReference);
    EXPECT_EQ(measured->name, "1x Test CPU · workers 0 + device-side loading (2 Dec 2026)");
    EXPECT_EQ(measured->status, RunStatus::Completed);
    EXPECT_NE(measured->uuid, exported["runs"][0]["uuid"].get<std::string>());
    EXPECT_DOUBLE_EQ(bb::test::storedJson(measured->summary).value("median_samples_per_s", 0.0), 39.6);
    const auto steps = store.steps(measured->id);
    ASSERT_EQ(steps.size(), static_cast<std::size_t>(kSteps));
    EXPECT_DOUBLE_EQ(steps.back().wallMs, 200.0 + kSteps - 1);
    EXPECT_DOUBLE_EQ(steps.front().dataWaitMs, 2.5);

    EXPECT_EQ(store.runsInStudy(row->id).size(), 1u);

    // Beside the study's newest table (ten figures), not in its place.
    const auto shown = studyRuns(runs);
    EXPECT_EQ(std::count_if(shown.begin(), shown.end(), [](const auto& run) { return !isMeasuredReference(run); }), 10);
    EXPECT_EQ(std::count_if(shown.begin(), shown.end(), [&](const auto& run) { return run.id == measured->id; }), 1);
    EXPECT_THROW(store.renameRun(measured->id, "mine now"), StoreError);
}

TEST(MeasuredReferences, AreAddedOnceWhateverTheDatabaseAlreadyHolds) {
    test::TempDir dir;
    const auto table = completedTable(dir);
    const auto file = newUserDatabase(dir);
    SQLite::Database db(file.string(), SQLite::OPEN_READWRITE);
    const auto count = [&](const char* table) {
        return db.execAndGet(fmt::format("SELECT count(*) FROM {}", table)).getInt();
    };
    const int runs = count("runs");
    const int steps = count("steps");
    EXPECT_TRUE(insertMeasuredTable(db, table));
    EXPECT_EQ(count("runs"), runs + 1);
    EXPECT_FALSE(insertMeasuredTable(db, table));
    migrate(db, file.c_str(), {table});
    EXPECT_EQ(count("runs"), runs + 1);
    EXPECT_EQ(count("steps"), steps + kSteps);
}

TEST(MeasuredReferences, AFileOpenedReadOnlyIsReadAsItIs) {
    test::TempDir dir;
    const auto table = completedTable(dir);
    const auto file = newUserDatabase(dir);
    {
        SQLite::Database db(file.string(), SQLite::OPEN_READONLY);
        migrate(db, file.c_str(), {table});
    }
    SQLite::Database db(file.string(), SQLite::OPEN_READONLY);
    EXPECT_EQ(db.execAndGet("SELECT count(*) FROM runs WHERE device_name = 'Test CPU'").getInt(), 0);
    EXPECT_EQ(db.execAndGet("SELECT count(*) FROM studies WHERE uuid = '0d3e6a52-7c1b-4f0e-9a7d-5e2c8b1f4a60'").getInt(), 0);
}

TEST(MeasuredReferences, ARunThatDidNotCompleteIsRefusedNamingTheFileTheRunAndTheKey) {
    test::TempDir dir;
    EXPECT_EQ(refusal(tableHeader(), exportedRun(dir.file("cancelled.db"), RunStatus::Cancelled)),
              "core/references/test: runs[0] (\"measured on this machine\"): status: cancelled; a reference must be "
              "a completed run");
}

TEST(MeasuredReferences, AMalformedTableIsRefusedNamingWhatIsWrong) {
    test::TempDir dir;
    const auto runs = exportedRun(dir.file("measured.db"), RunStatus::Completed);
    auto header = tableHeader();
    header.erase("uuid");
    EXPECT_EQ(refusal(header, runs), "core/references/test: uuid: missing");
    header = tableHeader();
    header["date"] = 2026;
    EXPECT_EQ(refusal(header, runs), "core/references/test: date: expected a non-empty string, found 2026");
    EXPECT_THAT(refusal(tableHeader(), runs["runs"]), HasSubstr("not a BridgeBench JSON export"));
    auto empty = runs;
    empty["runs"] = nlohmann::json::array();
    EXPECT_EQ(refusal(tableHeader(), empty), "core/references/test: runs: the table holds no runs");
    auto stepless = runs;
    stepless["runs"][0]["steps"] = nlohmann::json::array();
    EXPECT_EQ(refusal(tableHeader(), stepless),
              "core/references/test: runs[0] (\"measured on this machine\"): steps: a measured reference needs its "
              "steps");
    auto badStep = runs;
    badStep["runs"][0]["steps"][3]["wall_ms"] = "slow";
    EXPECT_THAT(refusal(tableHeader(), badStep), HasSubstr("runs[0] (\"measured on this machine\"): steps[3]: wall_ms"));
}

// A CUDA run stored before runs were named by their GPU says "cuda:0", a slot on the machine
// that measured it; in a table it goes by the GPU its environment names, as the study's do.
TEST(MeasuredReferences, ACudaRunIsNamedByItsGpuNotByItsDeviceSlot) {
    test::TempDir dir;
    const Device h200{"cuda", "cuda:0", {{"gpu_name", "NVIDIA H200"}, {"device", "cuda:0"}}};
    const auto table = measuredTableFromJson(tableHeader(), exportedRun(dir.file("measured.db"), RunStatus::Completed, h200),
                                             "core/references/test");
    ASSERT_EQ(table.runs.size(), 1u);
    EXPECT_EQ(table.runs[0].run.deviceName, "H200");
    EXPECT_EQ(table.runs[0].run.name, "1x H200 · workers 0 + device-side loading (2 Dec 2026)");
}

// Hugging Face's Trainer measured on the same machine (scripts/device-peer.sh): its table stands
// beside BridgeBench's of the same device, under its own names, and is neither a published figure
// (its runs without event files have only their headline) nor a run of the engine.
TEST(MeasuredReferences, APeersTableStandsBesideBridgeBenchsOfTheSameDeviceAndDidNotRunOnTheEngine) {
    test::TempDir dir;
    const auto ours = completedTable(dir);
    const auto peerDb = dir.file("peer.db");
    {
        ResultStore store(peerDb);
        importRuns(store, readTrainerImport(BB_TEST_DATA_DIR "/trainer/peer-cpu",
                                            {.deviceKind = "cpu", .deviceName = "Test CPU", .deviceCount = 1,
                                             .name = "Hugging Face Trainer · workers 2, adamw_torch_fused"}));
    }
    ResultStore exported(peerDb);
    std::vector<RunRecord> imported;
    for (const auto& run : exported.listRuns())
        if (run.origin == RunOrigin::Import) imported.push_back(run);
    ASSERT_EQ(imported.size(), 1u);
    auto header = tableHeader();
    header["uuid"] = "5b0c1e7e-3f4a-4d2b-9c61-7a8e2f0d9b13";
    header["name"] = "Hugging Face Trainer, 1× Test CPU, a test's table";
    header["created_at"] = "2026-12-03T00:00:00Z";  // newer than ours: it must not take our table's place
    header[kMeasuredWithKey] = "Hugging Face Trainer";
    const auto theirs = measuredTableFromJson(header, runsToJson(loadRuns(exported, imported)), "core/references/peer");
    const auto file = newUserDatabase(dir);
    {
        SQLite::Database db(file.string(), SQLite::OPEN_READWRITE);
        migrate(db, file.c_str(), {ours, theirs});
    }
    ResultStore store(file);
    const auto shown = studyRuns(store.listRuns());
    const auto named = [&](const std::string& name) {
        return std::find_if(shown.begin(), shown.end(), [&](const auto& run) { return run.name == name; });
    };
    const auto engine = named("1x Test CPU · workers 0 + device-side loading (2 Dec 2026)");
    const auto peer = named("Hugging Face Trainer · workers 2, adamw_torch_fused · 1x Test CPU (2 Dec 2026)");
    ASSERT_NE(engine, shown.end());
    ASSERT_NE(peer, shown.end());
    EXPECT_TRUE(ranOnTheEngine(*engine));
    EXPECT_FALSE(isPeerReference(*engine));
    EXPECT_TRUE(isMeasuredReference(*peer));
    EXPECT_TRUE(isPeerReference(*peer));
    EXPECT_FALSE(isPublishedFigure(*peer));
    EXPECT_FALSE(ranOnTheEngine(*peer));
    EXPECT_DOUBLE_EQ(bb::test::storedJson(peer->summary).value("median_samples_per_s", 0.0), 28.396762337747404);
    // The study's ten published figures are still the study's.
    EXPECT_EQ(std::count_if(shown.begin(), shown.end(), isPublishedFigure), 10);

    // A comparison says who measured it and draws it apart from our table of the same device.
    const RunComparison comparison = compareRuns(std::vector<RunRecord>{*engine, *peer}, CompareMetric::SamplesPerSec, CompareBaseline{});
    ASSERT_EQ(comparison.entries.size(), 2u);
    const auto& peerEntry = comparison.entries[0].runId == peer->id ? comparison.entries[0] : comparison.entries[1];
    const auto& engineEntry = comparison.entries[0].runId == peer->id ? comparison.entries[1] : comparison.entries[0];
    EXPECT_EQ(peerEntry.measuredWith, "Hugging Face Trainer");
    EXPECT_TRUE(engineEntry.measuredWith.empty());
    EXPECT_EQ(peerEntry.group, "1× Test CPU (Hugging Face Trainer)");
    EXPECT_NE(peerEntry.group, engineEntry.group);
    EXPECT_EQ(peerEntry.configuration, "workers 2, adamw_torch_fused");
}

// Exactly the shipped tables' runs, each with all its steps: none while core/references/ is empty.
TEST(MeasuredReferences, EveryShippedTableLoadsIntoANewDatabase) {
    test::TempDir dir;
    ResultStore store(dir.file("new.db"));
    const auto runs = store.listRuns();
    std::size_t shipped = 0;
    for (const auto& table : shippedMeasuredTables()) {
        for (const auto& data : table.runs) {
            ++shipped;
            const auto found = std::find_if(runs.begin(), runs.end(), [&](const auto& run) { return run.uuid == data.run.uuid; });
            ASSERT_NE(found, runs.end()) << data.run.name;
            EXPECT_TRUE(isMeasuredReference(*found)) << data.run.name;
            EXPECT_EQ(store.stepCount(found->id), static_cast<std::int64_t>(data.steps.size())) << data.run.name;
            EXPECT_FALSE(found->deviceName.starts_with("cuda")) << data.run.name << " goes by a device slot";
        }
    }
    EXPECT_EQ(static_cast<std::size_t>(std::count_if(runs.begin(), runs.end(), isMeasuredReference)), shipped);
    EXPECT_EQ(shippedMeasuredTables().size(), shippedTableFiles().size());
}

}  // namespace
}  // namespace bb::measured_reference_test
