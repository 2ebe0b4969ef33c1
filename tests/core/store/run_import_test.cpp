#include "bridgebench/run_import.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <SQLiteCpp/SQLiteCpp.h>

#include "bridgebench/errors.h"
#include "support/file_bytes.h"
#include "support/measured_reference.h"
#include "support/temp_dir.h"
#include "support/stored_summary.h"

namespace bb::run_import_test {
namespace {

using ::testing::HasSubstr;

const std::filesystem::path kData = BB_TEST_DATA_DIR;
// make_fixtures.py's trainer constants: global batch 8 × 48, 0.6 s per step up to step 30, then 0.65 s.
constexpr double kGlobalBatch = 384;
constexpr double kFastStepS = 0.6;
constexpr double kSlowStepS = 0.65;

// A Trainer output folder as run_bridgetower.py leaves it on an H100 node: the JSON files and
// TensorBoardCallback's events under runs/.
std::filesystem::path h100Folder(const test::TempDir& dir) {
    const auto folder = dir.path() / "bridgetower-h100";
    std::filesystem::copy(kData / "trainer/h100", folder);
    std::filesystem::create_directories(folder / "runs/Nov30_10-00-00_h100");
    std::filesystem::copy(kData / "tfevents/trainer-h100/events.out.tfevents.1700000000.h100.4242.0",
                          folder / "runs/Nov30_10-00-00_h100/events.out.tfevents.1700000000.h100.4242.0");
    return folder;
}

std::int64_t rowCount(const std::filesystem::path& db, const char* table) {
    SQLite::Database connection(db.string());
    return connection.execAndGet(std::string("SELECT count(*) FROM ") + table).getInt64();
}

TEST(TrainerImport, TakesPerStepThroughputFromEventWallTimesAndTheHeadlineFromResults) {
    const test::TempDir dir;
    const ImportBatch batch = readTrainerImport(h100Folder(dir), {.deviceKind = "cuda", .deviceName = "H100"});
    ASSERT_EQ(batch.runs.size(), 1U);
    const RunData& run = batch.runs[0];
    EXPECT_EQ(run.run.name, "bridgetower-h100");
    EXPECT_EQ(run.run.origin, RunOrigin::Import);
    EXPECT_EQ(run.run.deviceName, "H100");
    EXPECT_EQ(run.run.batchSize, 48);
    // 602.1 / 1.568 samples per step over a per-device batch of 48.
    EXPECT_EQ(run.run.deviceCount, 8);
    EXPECT_DOUBLE_EQ(bb::test::storedJson(run.run.summary)["median_samples_per_s"].get<double>(), 602.1);
    EXPECT_DOUBLE_EQ(bb::test::storedJson(run.run.summary)["duration_s"].get<double>(), 31.8918);

    ASSERT_EQ(run.steps.size(), 5U);  // the logging steps 10..50
    EXPECT_EQ(run.steps[0].step, 10);
    EXPECT_DOUBLE_EQ(run.steps[0].samplesPerSec, 0.0);  // nothing logged before it to time it against
    EXPECT_NEAR(run.steps[1].samplesPerSec, kGlobalBatch / kFastStepS, 1e-3);
    EXPECT_NEAR(run.steps[1].wallMs, kFastStepS * 1000, 1e-3);
    EXPECT_NEAR(run.steps[4].samplesPerSec, kGlobalBatch / kSlowStepS, 1e-3);
    EXPECT_NEAR(run.steps[4].loss, 0.8125, 1e-6);
    EXPECT_NEAR(bb::test::storedJson(run.run.summary)["steps_median_samples_per_s"].get<double>(),
                (kGlobalBatch / kFastStepS + kGlobalBatch / kSlowStepS) / 2, 1e-3);
    EXPECT_THAT(batch.warnings.front(), HasSubstr("device count 8 inferred"));
}

TEST(TrainerImport, GaudiFolderWithoutEventsKeepsMemoryAndSaysThereAreNoTimes) {
    const ImportBatch batch = readTrainerImport(kData / "trainer/gaudi2", {.deviceName = "Gaudi2", .deviceCount = 8});
    ASSERT_EQ(batch.runs.size(), 1U);
    const RunData& run = batch.runs[0];
    EXPECT_EQ(run.run.deviceKind, "hpu");  // only Optimum Habana writes the memory keys
    EXPECT_EQ(run.run.deviceCount, 8);
    EXPECT_DOUBLE_EQ(bb::test::storedJson(run.run.summary)["median_samples_per_s"].get<double>(), 847.7);
    ASSERT_EQ(run.steps.size(), 3U);
    EXPECT_EQ(run.steps[2].deviceMemoryBytes, static_cast<std::int64_t>(42.88 * 1024 * 1024 * 1024));
    bool saidNoEvents = false;
    for (const auto& warning : batch.warnings) saidNoEvents = saidNoEvents || warning.find("no runs/") != std::string::npos;
    EXPECT_TRUE(saidNoEvents);
}

// bench/peers/hf_trainer_bridgetower.py's output folder from a rehearsal (tests/data/trainer/peer-cpu/README.md):
// Transformers' own train_samples_per_second covers the whole of train(); the peer's steady window
// leaves out the warm-up steps as the study did, and that is what compares with BridgeBench's runs.
TEST(TrainerImport, ThePeersSteadyWindowIsTheHeadlineAndTheTrainersOwnFigureStays) {
    const ImportBatch batch = readTrainerImport(kData / "trainer/peer-cpu", {.deviceKind = "cpu", .deviceName = "CPU"});
    ASSERT_EQ(batch.runs.size(), 1U);
    const RunData& run = batch.runs[0];
    EXPECT_DOUBLE_EQ(bb::test::storedJson(run.run.summary)["median_samples_per_s"].get<double>(), 28.396762337747404);
    EXPECT_EQ(bb::test::storedJson(run.run.summary)["headline"], "steady_samples_per_second (after 3 warm-up steps)");
    EXPECT_DOUBLE_EQ(run.run.environment.reported["train_samples_per_second"].get<double>(), 12.478);
    EXPECT_DOUBLE_EQ(bb::test::storedJson(run.run.summary)["data_wait_share"].get<double>(), 0.009602784033423049);
    EXPECT_EQ(run.steps.size(), 8U);  // logging_steps=1
    EXPECT_FALSE(bb::test::storedJson(run.run.summary).contains("device_memory"));  // a CPU has no device memory to report
}

TEST(TrainerImport, ThePeersPeakDeviceMemoryIsTheRunsPeak) {
    const test::TempDir dir;
    const auto folder = dir.path() / "peer-cuda";
    std::filesystem::copy(kData / "trainer/peer-cpu", folder);
    auto results = nlohmann::json::parse(test::readFileBytes(folder / "all_results.json"));
    results["peak_device_memory_bytes"] = 42949672960.0;  // json.dump writes torch's int; a double holds it exactly
    test::writeFileBytes(folder / "all_results.json", results.dump(2));
    const ImportBatch batch = readTrainerImport(folder, {.deviceKind = "cuda", .deviceName = "H100"});
    ASSERT_EQ(batch.runs.size(), 1U);
    EXPECT_EQ(bb::test::storedJson(batch.runs[0].run.summary)["device_memory"]["peak_bytes"].get<std::int64_t>(), 42949672960);
}

TEST(TrainerImport, MalformedStateNamesTheFileAndLine) {
    const test::TempDir dir;
    const auto folder = h100Folder(dir);
    test::writeFileBytes(folder / "trainer_state.json", "{\n  \"global_step\": 50,\n  \"log_history\": [\n    {\"loss\": }\n");
    try {
        readTrainerImport(folder, {});
        FAIL() << "no error";
    } catch (const InputError& error) {
        EXPECT_THAT(error.what(), HasSubstr("trainer_state.json"));
        EXPECT_THAT(error.what(), HasSubstr("line 4"));
    }
}

TEST(TensorBoardImport, TrainerEventsAloneGiveStepTimesAndTheHeadline) {
    const ImportBatch batch = readTensorBoardImport(kData / "tfevents/trainer-h100", {});
    ASSERT_EQ(batch.runs.size(), 1U);
    const RunData& run = batch.runs[0];
    EXPECT_EQ(run.run.name, "trainer-h100");
    EXPECT_NEAR(bb::test::storedJson(run.run.summary)["median_samples_per_s"].get<double>(), 602.1, 1e-3);  // a float32 in the file
    ASSERT_EQ(run.steps.size(), 5U);
    EXPECT_NEAR(run.steps[3].samplesPerSec, kGlobalBatch / kSlowStepS, 1e-2);
    EXPECT_NEAR(run.steps[0].loss, 1.9872, 1e-6);
}

TEST(TensorBoardImport, FileStillBeingWrittenImportsItsCompleteRecordsAndSaysSo) {
    const test::TempDir dir;
    const std::string bytes = test::readFileBytes(kData / "tfevents/trainer-h100/events.out.tfevents.1700000000.h100.4242.0");
    const auto cut = test::writeFileBytes(dir.file("run/events.out.tfevents.1.cut"), bytes.substr(0, bytes.size() - 7));
    const ImportBatch batch = readTensorBoardImport(cut, {});
    ASSERT_EQ(batch.runs.size(), 1U);
    EXPECT_EQ(batch.runs[0].steps.size(), 5U);
    ASSERT_FALSE(batch.warnings.empty());
    EXPECT_THAT(batch.warnings[0], HasSubstr("events.out.tfevents.1.cut"));
    // The final record (the train_* figures) was the one cut: no headline then.
    EXPECT_FALSE(bb::test::storedJson(batch.runs[0].run.summary).contains("headline"));
}

TEST(TensorBoardImport, BadCrcIsAnErrorNamingFileAndOffset) {
    const test::TempDir dir;
    std::string bytes = test::readFileBytes(kData / "tfevents/trainer-h100/events.out.tfevents.1700000000.h100.4242.0");
    bytes[bytes.size() / 2] ^= 0x20;
    const auto file = test::writeFileBytes(dir.file("events.out.tfevents.2.bad"), bytes);
    try {
        readTensorBoardImport(file, {});
        FAIL() << "no error";
    } catch (const InputError& error) {
        EXPECT_THAT(error.what(), HasSubstr("events.out.tfevents.2.bad"));
        EXPECT_THAT(error.what(), HasSubstr("offset"));
    }
}

TEST(CsvImport, GroupsRowsByRunAndReadsStepsAndRunFields) {
    const test::TempDir dir;
    const auto file = test::writeFileBytes(dir.file("runs.csv"),
                                           "run,device_kind,device_name,device_count,batch_size,step,wall_ms,samples\r\n"
                                           "a100,cuda,A100 80GB,8,48,0,1000,384\r\n"
                                           "a100,cuda,A100 80GB,8,48,1,1100,384\r\n"
                                           "\"h100, rerun\",cuda,H100,8,48,0,600,384\r\n");
    const ImportBatch batch = readCsvImport(file, {});
    ASSERT_EQ(batch.runs.size(), 2U);
    EXPECT_EQ(batch.runs[0].run.name, "a100");
    EXPECT_EQ(batch.runs[0].run.deviceCount, 8);
    ASSERT_EQ(batch.runs[0].steps.size(), 2U);
    EXPECT_DOUBLE_EQ(batch.runs[0].steps[1].samplesPerSec, samplesPerSecond(384, 1100));
    EXPECT_EQ(batch.runs[1].run.name, "h100, rerun");
    EXPECT_EQ(batch.runs[1].run.deviceName, "H100");
    EXPECT_NE(batch.runs[0].run.uuid, batch.runs[1].run.uuid);
}

TEST(CsvImport, WithoutAStepColumnEachRowIsItsRunsNextStep) {
    const test::TempDir dir;
    const auto file = test::writeFileBytes(dir.file("rates.csv"), "run,samples_per_s\na,10\nb,20\na,11\n");
    const ImportBatch batch = readCsvImport(file, {});
    ASSERT_EQ(batch.runs.size(), 2U);
    ASSERT_EQ(batch.runs[0].steps.size(), 2U);
    EXPECT_EQ(batch.runs[0].steps[1].step, 1);
    EXPECT_EQ(batch.runs[0].steps[1].samplesPerSec, 11.0);
    ASSERT_EQ(batch.runs[1].steps.size(), 1U);
    EXPECT_EQ(batch.runs[1].steps[0].step, 0);
}

// Found by fuzz_csv_import: converting 1.7e19 ms to the clock's nanoseconds was undefined
// behaviour (GCC gave a date in 1677). Such timestamps say nothing; the run's time is the import's.
TEST(CsvImport, TimestampsTheClockCannotHoldAreNoTimestamps) {
    const test::TempDir dir;
    const auto file = test::writeFileBytes(dir.file("far.csv"),
                                           "step,samples_per_s,timestamp_ms\n0,10,1.7e19\n1,10,inf\n2,10,nan\n");
    const ImportBatch batch = readCsvImport(file, {});
    ASSERT_EQ(batch.runs.size(), 1U);
    EXPECT_EQ(batch.runs[0].run.createdAt, batch.runs[0].run.environment.facts["imported_at"].get<std::string>());
    EXPECT_EQ(batch.runs[0].run.finishedAt, batch.runs[0].run.createdAt);
}

TEST(CsvImport, ErrorsNameTheFileLineAndColumn) {
    const test::TempDir dir;
    auto errorOf = [&](const std::string& text) -> std::string {
        try {
            readCsvImport(test::writeFileBytes(dir.file("bad.csv"), text), {});
        } catch (const InputError& error) {
            return error.what();
        }
        return "no error";
    };
    EXPECT_THAT(errorOf("step,loss\n0,1.5\n"), HasSubstr("no \"samples_per_s\" column"));
    const auto notNumber = errorOf("step,samples_per_s\n0,12.5\n1,fast\n");
    EXPECT_THAT(notNumber, HasSubstr("bad.csv: line 3"));
    EXPECT_THAT(notNumber, HasSubstr("samples_per_s"));
    EXPECT_THAT(errorOf("step,samples_per_s\n3,12.5\n2,13\n"), HasSubstr("line 3: column \"step\""));
}

TEST(ImportRuns, WritesAllRunsOrNoneAndSkipsUuidsItHas) {
    const test::TempDir dir;
    const auto db = dir.file("results.db");
    ResultStore store(db);
    const auto runsBefore = rowCount(db, "runs");
    const auto stepsBefore = rowCount(db, "steps");  // a shipped measured table's

    ImportBatch good = readTrainerImport(kData / "trainer/gaudi2", {});
    ImportBatch bad = readTrainerImport(kData / "trainer/gaudi2", {.name = "second"});
    bad.runs[0].run.uuid = "different";
    bad.runs[0].steps.push_back(bad.runs[0].steps.back());  // a repeated step breaks the primary key
    ImportBatch both = good;
    both.runs.push_back(bad.runs[0]);
    EXPECT_THROW(importRuns(store, both), StoreError);
    EXPECT_EQ(rowCount(db, "runs"), runsBefore);
    EXPECT_EQ(rowCount(db, "steps"), stepsBefore);

    const ImportResult first = importRuns(store, good);
    ASSERT_EQ(first.added.size(), 1U);
    EXPECT_EQ(first.added[0].steps, 3);
    const auto stored = store.findRun(first.added[0].id);
    ASSERT_TRUE(stored);
    EXPECT_EQ(stored->origin, RunOrigin::Import);
    EXPECT_EQ(store.stepCount(stored->id), 3);

    // The same files again, under another name: recognised by content.
    const ImportResult again = importRuns(store, readTrainerImport(kData / "trainer/gaudi2", {.name = "renamed"}));
    EXPECT_TRUE(again.added.empty());
    EXPECT_EQ(again.skipped.size(), 1U);
    EXPECT_EQ(rowCount(db, "runs"), runsBefore + 1);
}

TEST(MergeDatabase, KeepsUuidsStepsAndTagsAndAddsNothingTheSecondTime) {
    const test::TempDir dir;
    const auto otherPath = dir.file("other.db");
    std::string uuid;
    {
        ResultStore other(otherPath);
        RunRecord run;
        run.name = "remote-h100";
        run.status = RunStatus::Completed;
        run.deviceKind = "cuda";
        run.summary = bb::test::storedSummary(nlohmann::json{{"median_samples_per_s", 590.5}});
        const auto id = other.createRun(run);
        std::vector<StepMetrics> steps(4);
        for (std::size_t i = 0; i < steps.size(); ++i) {
            steps[i].step = static_cast<std::int64_t>(i);
            steps[i].samplesPerSec = 580.0 + static_cast<double>(i);
        }
        other.appendSteps(id, steps);
        other.setTags(id, {"h100", "node-7"});
        uuid = other.findRun(id)->uuid;
    }
    ResultStore store(dir.file("mine.db"));
    const auto before = store.listRuns().size();
    const ImportResult first = mergeDatabase(store, otherPath);
    ASSERT_EQ(first.added.size(), 1U);
    EXPECT_EQ(first.skipped.size(), 16U + test::shippedMeasuredRunCount());  // the reference runs both files hold
    const auto merged = store.findRun(uuid);
    ASSERT_TRUE(merged);
    EXPECT_EQ(merged->name, "remote-h100");
    EXPECT_EQ(merged->origin, RunOrigin::Import);
    EXPECT_EQ(store.steps(merged->id).at(3).samplesPerSec, 583.0);
    EXPECT_EQ(store.tags(merged->id), (std::vector<std::string>{"h100", "node-7"}));

    const ImportResult second = mergeDatabase(store, otherPath);
    EXPECT_TRUE(second.added.empty());
    EXPECT_EQ(store.listRuns().size(), before + 1);
}

TEST(MergeDatabase, RefusesAFileThatIsNotABridgeBenchDatabase) {
    const test::TempDir dir;
    ResultStore store(dir.file("mine.db"));
    const auto notDb = test::writeFileBytes(dir.file("notes.db"), "this is not SQLite at all, just text\n");
    EXPECT_THROW(mergeDatabase(store, notDb), InputError);
    {
        SQLite::Database empty(dir.file("empty.db").string(), SQLite::OPEN_READWRITE | SQLite::OPEN_CREATE);
        empty.exec("CREATE TABLE other (x)");
    }
    try {
        mergeDatabase(store, dir.file("empty.db"));
        FAIL() << "no error";
    } catch (const InputError& error) {
        EXPECT_THAT(error.what(), HasSubstr("empty.db: not a BridgeBench database"));
    }
    EXPECT_EQ(store.listRuns().size(), 16U + test::shippedMeasuredRunCount());
}

// A database whose tables are not what its version says is refused as every open refuses it,
// not read with SELECT * into whatever columns it happens to have.
TEST(MergeDatabase, RefusesADatabaseWhoseTablesDoNotMatchItsVersion) {
    const test::TempDir dir;
    ResultStore store(dir.file("mine.db"));
    { ResultStore other(dir.file("other.db")); }
    {
        SQLite::Database raw(dir.file("other.db").string(), SQLite::OPEN_READWRITE);
        raw.exec("ALTER TABLE steps DROP COLUMN other_cpu");
    }
    try {
        mergeDatabase(store, dir.file("other.db"));
        FAIL() << "merged";
    } catch (const InputError& error) {
        EXPECT_THAT(error.what(), HasSubstr("other.db: not a results database this build can read"));
        EXPECT_THAT(error.what(), HasSubstr("table 'steps' lacks column 'other_cpu'"));
    }
}

TEST(CsvImport, WorkersAColumnDoesNotStateStayUnknownAndImportOptionsWin) {
    const test::TempDir dir;
    const auto file = test::writeFileBytes(dir.file("rates.csv"), "run,samples_per_s,batch_size\na,10,8\na,11,8\n");
    const ImportBatch plain = readCsvImport(file, {});
    EXPECT_FALSE(plain.runs[0].run.config.states("workers"));
    const ImportBatch told = readCsvImport(file, {.batchSize = 16, .workers = 2, .precision = "bf16"});
    const RunRecord& run = told.runs[0].run;
    EXPECT_EQ(run.batchSize, 16);
    EXPECT_EQ(run.config.facts["batch_size"], 16);
    EXPECT_EQ(run.workers, 2);
    EXPECT_EQ(run.config.facts["workers"], 2);
    EXPECT_EQ(run.precision, "bf16");
    EXPECT_EQ(run.environment.provenance.at("batch_size"), "--batch-size");
}

}  // namespace
}  // namespace bb::run_import_test
