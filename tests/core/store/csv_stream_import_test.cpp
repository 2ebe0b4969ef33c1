#include <sys/stat.h>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <fstream>
#include <thread>

#include <SQLiteCpp/SQLiteCpp.h>

#include "bridgebench/errors.h"
#include "bridgebench/run_import.h"
#include "interop/import/csv_run_rows.h"
#include "support/file_bytes.h"
#include "support/temp_dir.h"
#include "support/stored_summary.h"

namespace bb {
namespace {

using ::testing::HasSubstr;

// Two runs whose rows interleave, a run of run fields and a headline only, a run given its uuid,
// and a run with the same steps as another (recognised by content, stored once).
constexpr std::string_view kRuns =
    "run,device_kind,batch_size,step,timestamp_ms,wall_ms,samples,loss,data_wait_ms,headline_samples_per_s,uuid\n"
    "a,cuda,48,0,1700000000000,1000,384,2.5,10,,\n"
    "b,cpu,8,0,1700000100000,500,8,3.5,1,,\n"
    "a,cuda,48,1,1700000001000,1100,384,2.25,20,,\n"
    "b,cpu,8,3,1700000101000,510,8,3.25,2,,\n"
    "a,cuda,48,2,1700000002000,1050,384,nan,30,,\n"
    "headline,hpu,16,,,,,,,512.5,\n"
    "given,cpu,4,0,,400,4,1,,,0190b2c4-7e3a-7cc1-9a4e-5f2d4c7d9b10\n"
    "a-again,cuda,48,0,1700000000000,1000,384,2.5,10,,\n"
    "a-again,cuda,48,1,1700000001000,1100,384,2.25,20,,\n"
    "a-again,cuda,48,2,1700000002000,1050,384,nan,30,,\n";

std::int64_t count(const std::filesystem::path& db, const char* table) {
    SQLite::Database connection(db.string());
    return connection.execAndGet(std::string("SELECT count(*) FROM ") + table).getInt64();
}

std::vector<RunRecord> importedRuns(ResultStore& store) {
    std::vector<RunRecord> runs;
    for (auto& run : store.listRuns())
        if (run.origin == RunOrigin::Import) runs.push_back(run);
    std::sort(runs.begin(), runs.end(), [](const RunRecord& a, const RunRecord& b) { return a.id < b.id; });
    return runs;
}

// The streamed import replaced one that held the file and its runs; it stores the same runs,
// with the same content-derived uuids, so that files imported before are still recognised.
TEST(CsvStreamImport, StoresWhatTheHeldImportStored) {
    const test::TempDir dir;
    const auto file = test::writeFileBytes(dir.file("runs.csv"), kRuns);
    ResultStore held(dir.file("held.db"));
    const ImportResult heldResult = importRuns(held, readCsvImport(file, {}));
    ResultStore streamed(dir.file("streamed.db"));
    const ImportResult streamedResult = importCsv(streamed, CsvImport::read(file, {}));

    ASSERT_EQ(streamedResult.added.size(), heldResult.added.size());
    ASSERT_EQ(streamedResult.added.size(), 4U);
    for (std::size_t i = 0; i < heldResult.added.size(); ++i) {
        EXPECT_EQ(streamedResult.added[i].id, heldResult.added[i].id);
        EXPECT_EQ(streamedResult.added[i].name, heldResult.added[i].name);
        EXPECT_EQ(streamedResult.added[i].steps, heldResult.added[i].steps);
    }
    EXPECT_EQ(streamedResult.skipped, heldResult.skipped);
    EXPECT_EQ(streamedResult.skipped, std::vector<std::string>{"a-again"});

    const auto heldRuns = importedRuns(held);
    const auto streamedRuns = importedRuns(streamed);
    ASSERT_EQ(streamedRuns.size(), heldRuns.size());
    for (std::size_t i = 0; i < heldRuns.size(); ++i) {
        SCOPED_TRACE(heldRuns[i].name);
        EXPECT_EQ(streamedRuns[i].uuid, heldRuns[i].uuid);
        EXPECT_EQ(streamedRuns[i].name, heldRuns[i].name);
        EXPECT_EQ(bb::test::storedJson(streamedRuns[i].summary).dump(), bb::test::storedJson(heldRuns[i].summary).dump());
        EXPECT_EQ(nlohmann::json(streamedRuns[i].config).dump(), nlohmann::json(heldRuns[i].config).dump());
        auto withoutImportTime = [](RunEnvironment environment) {
            environment.facts.erase("imported_at");
            return nlohmann::json(environment).dump();
        };
        EXPECT_EQ(withoutImportTime(streamedRuns[i].environment), withoutImportTime(heldRuns[i].environment));
        EXPECT_EQ(streamedRuns[i].deviceKind, heldRuns[i].deviceKind);
        EXPECT_EQ(streamedRuns[i].batchSize, heldRuns[i].batchSize);
        // Runs whose steps have timestamps happened then; the others at the import's time.
        if (heldRuns[i].name == "a" || heldRuns[i].name == "b") {
            EXPECT_EQ(streamedRuns[i].createdAt, heldRuns[i].createdAt);
            EXPECT_EQ(streamedRuns[i].finishedAt, heldRuns[i].finishedAt);
        }
        const auto heldSteps = held.steps(heldRuns[i].id);
        const auto streamedSteps = streamed.steps(streamedRuns[i].id);
        ASSERT_EQ(streamedSteps.size(), heldSteps.size());
        for (std::size_t step = 0; step < heldSteps.size(); ++step) {
            EXPECT_EQ(streamedSteps[step].step, heldSteps[step].step);
            EXPECT_EQ(streamedSteps[step].wallMs, heldSteps[step].wallMs);
            EXPECT_EQ(streamedSteps[step].samplesPerSec, heldSteps[step].samplesPerSec);
        }
    }
    EXPECT_EQ(streamedRuns[3].name, "given");
    EXPECT_EQ(streamedRuns[3].uuid, "0190b2c4-7e3a-7cc1-9a4e-5f2d4c7d9b10");

    // Either import of the file again adds nothing.
    const ImportResult again = importCsv(held, CsvImport::read(file, {}));
    EXPECT_TRUE(again.added.empty());
    EXPECT_EQ(again.skipped.size(), 5U);
}

TEST(CsvStreamImport, RefusesWhatTheHeldImportRefusedBeforeTheStoreIsOpened) {
    const test::TempDir dir;
    auto errorOf = [&](const std::string& text) -> std::string {
        try {
            CsvImport::read(test::writeFileBytes(dir.file("bad.csv"), text), {});
        } catch (const InputError& error) {
            return error.what();
        }
        return "no error";
    };
    EXPECT_THAT(errorOf("step,loss\n0,1.5\n"), HasSubstr("no \"samples_per_s\" column"));
    EXPECT_THAT(errorOf("step,samples_per_s\n0,12.5\n1,fast\n"),
                HasSubstr("bad.csv: line 3: column \"samples_per_s\": \"fast\" is not a number"));
    EXPECT_THAT(errorOf("step,samples_per_s\n3,12.5\n2,13\n"), HasSubstr("line 3: column \"step\""));
    EXPECT_THAT(errorOf("samples_per_s\n1\n2\n3\n"),
                HasSubstr("bad.csv: 3 rows but neither a \"run\" nor a \"step\" column"));
    EXPECT_THAT(errorOf("run,samples_per_s\n"), HasSubstr("no rows below the header"));
    EXPECT_THAT(errorOf("run,step,headline_samples_per_s\nx,,\n"),
                HasSubstr("line 2: run \"x\" has neither steps nor a headline_samples_per_s"));
    EXPECT_THAT(errorOf("run,samples_per_s,device_transforms\nx,1,maybe\n"),
                HasSubstr("line 2: column \"device_transforms\": \"maybe\" is not true or false"));
}

// A run's figures are held until the file is through; a file of a million one-row runs would
// hold them all.
TEST(CsvStreamImport, RefusesMoreRunsThanTheLimit) {
    const test::TempDir dir;
    std::string text = "run,samples_per_s\n";
    for (std::size_t run = 0; run <= CsvRunRows::kMaxRuns; ++run) {
        text += 'r';
        text += std::to_string(run);
        text += ",1\n";
    }
    try {
        CsvImport::read(test::writeFileBytes(dir.file("many.csv"), text), {});
        FAIL() << "no error";
    } catch (const InputError& error) {
        EXPECT_THAT(error.what(), HasSubstr("many.csv: line 100002: more than 100000 runs in one file"));
    }
}

// A file changed between the check and the write would store steps the summary does not count.
TEST(CsvStreamImport, AFileChangedAfterItsCheckIsNotImported) {
    const test::TempDir dir;
    const auto file = test::writeFileBytes(dir.file("runs.csv"), kRuns);
    const auto db = dir.file("r.db");
    ResultStore store(db);
    const auto runsBefore = count(db, "runs");
    const CsvImport checked = CsvImport::read(file, {});
    test::writeFileBytes(file, std::string(kRuns) + "b,cpu,8,4,1700000102000,520,8,3,3,,\n");
    try {
        importCsv(store, checked);
        FAIL() << "no error";
    } catch (const InputError& error) {
        EXPECT_THAT(error.what(), HasSubstr("runs.csv: changed while it was being imported"));
    }
    EXPECT_EQ(count(db, "runs"), runsBefore);
}

// A pipe can be read once; the import reads it three times, the later two from a copy.
TEST(CsvStreamImport, ImportsFromAPipe) {
    const test::TempDir dir;
    const auto fifo = dir.file("runs.fifo");
    ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
    std::thread writer([&] { std::ofstream(fifo, std::ios::binary) << kRuns; });
    const CsvImport checked = CsvImport::read(fifo, {});
    writer.join();
    ResultStore store(dir.file("r.db"));
    const ImportResult result = importCsv(store, checked);
    EXPECT_EQ(result.added.size(), 4U);
    EXPECT_EQ(result.added[0].steps, 3);
}

}  // namespace
}  // namespace bb
