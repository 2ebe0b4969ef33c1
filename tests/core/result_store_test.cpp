#include "bridgebench/result_store.h"

#include <sys/wait.h>
#include <unistd.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <string>
#include <utility>
#include <vector>

#include <SQLiteCpp/SQLiteCpp.h>
#include <gtest/gtest.h>

#include "bridgebench/errors.h"
#include "bridgebench/study_runs.h"
#include "support/measured_reference.h"
#include "support/temp_dir.h"
#include "support/stored_summary.h"

namespace bb::result_store_test {
namespace {

StepMetrics makeStep(std::int64_t index) {
    StepMetrics step;
    step.step = index;
    step.timestampMs = 1.7e12 + static_cast<double>(index);
    step.wallMs = 10.0 + static_cast<double>(index);
    step.samples = 8;
    step.samplesPerSec = samplesPerSecond(step.samples, step.wallMs);
    step.dataWaitMs = 1.5;
    step.hostToDeviceMs = 0.25;
    step.forwardMs = 3;
    step.backwardMs = 4;
    step.optimizerMs = 1;
    step.loss = 2.0 / static_cast<double>(index + 1);
    step.rssBytes = 123456789;
    step.cpuUtilisation = 0.97;
    step.deviceTransformMs = 0.75;
    step.loadMs = 20.0 + static_cast<double>(index);
    step.decodeMs = 11.5;
    step.collateMs = 0.5;
    return step;
}

RunRecord localRun(const std::string& name) {
    RunRecord run;
    run.name = name;
    run.deviceKind = "cpu";
    run.deviceName = "cpu";
    run.model = "mini-clip";
    run.precision = "fp32";
    run.batchSize = 8;
    run.config = nlohmann::json{{"steps", 3}}.get<RunSettings>();
    return run;
}

// Runs `body` in a child process and waits for it; the child never returns into gtest.
template <typename Body>
int inChildProcess(Body&& body) {
    const pid_t pid = fork();
    if (pid == 0) {
        int code = 0;
        try {
            body();
        } catch (...) {
            code = 3;
        }
        _exit(code);
    }
    int status = 0;
    waitpid(pid, &status, 0);
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

// Turns a file back into the given schema version: drops the step columns later versions added
// (3: load timings, 4: communication wait, 5: device memory peak, 6: other processes' CPU) and
// the tables (7: the timeline's spans, 8: machine peaks, 9: the profiled ops and their names).
void rollBackSchema(const std::filesystem::path& file, int version) {
    const std::vector<std::pair<int, std::vector<const char*>>> added = {
        {3, {"device_transform_ms", "load_ms", "read_ms", "decode_ms", "transform_ms", "collate_ms"}},
        {4, {"comm_ms"}},
        {5, {"device_mem_peak_bytes"}},
        {6, {"other_cpu"}},
    };
    SQLite::Database raw(file.string(), SQLite::OPEN_READWRITE);
    for (const auto& [since, columns] : added)
        if (since > version)
            for (const char* column : columns) raw.exec(std::string("ALTER TABLE steps DROP COLUMN ") + column);
    if (version < 9) raw.exec("DROP TABLE profile_ops; DROP TABLE op_names");
    if (version < 8) raw.exec("DROP TABLE machine_peaks");
    if (version < 7) raw.exec("DROP TABLE timeline_spans");
    raw.exec("PRAGMA user_version = " + std::to_string(version));
}

TEST(ResultStore, MigratesAnEmptyFileToTheLatestSchema) {
    test::TempDir dir;
    ResultStore store(dir.file("new.db"));
    EXPECT_EQ(store.schemaVersion(), ResultStore::latestSchemaVersion());

    SQLite::Database raw(dir.file("new.db").string());
    EXPECT_EQ(raw.execAndGet("PRAGMA journal_mode").getString(), "wal");
    for (const char* table : {"runs", "steps", "studies", "tags"})
        EXPECT_TRUE(raw.tableExists(table)) << table;
}

TEST(ResultStore, MigratesAnOlderFileKeepingItsRows) {
    test::TempDir dir;
    const auto file = dir.file("old.db");
    std::int64_t id = 0;
    {
        ResultStore store(file);
        id = store.createRun(localRun("old run"));
        store.appendSteps(id, std::vector<StepMetrics>{makeStep(0)});
    }
    rollBackSchema(file, 2);
    ResultStore store(file);
    EXPECT_EQ(store.schemaVersion(), ResultStore::latestSchemaVersion());
    const auto steps = store.steps(id);
    ASSERT_EQ(steps.size(), 1u);
    EXPECT_DOUBLE_EQ(steps[0].wallMs, makeStep(0).wallMs);
    EXPECT_DOUBLE_EQ(steps[0].loadMs, 0.0);
}

TEST(ResultStore, CommunicationWaitRoundTripsAndASchema3FileGainsIt) {
    test::TempDir dir;
    const auto file = dir.file("comm.db");
    std::int64_t id = 0;
    {
        ResultStore store(file);
        id = store.createRun(localRun("data parallel"));
        StepMetrics step = makeStep(0);
        step.commMs = 12.5;
        store.appendSteps(id, std::vector<StepMetrics>{step});
        ASSERT_EQ(store.steps(id).at(0).commMs, 12.5);
    }
    rollBackSchema(file, 3);
    ResultStore store(file);
    EXPECT_EQ(store.schemaVersion(), ResultStore::latestSchemaVersion());
    const auto steps = store.steps(id);
    ASSERT_EQ(steps.size(), 1u);
    EXPECT_EQ(steps[0].commMs, 0.0);
    EXPECT_DOUBLE_EQ(steps[0].wallMs, makeStep(0).wallMs);
}

TEST(ResultStore, DeviceMemoryPeakRoundTripsAndASchema4FileGainsIt) {
    test::TempDir dir;
    const auto file = dir.file("peak.db");
    std::int64_t id = 0;
    {
        ResultStore store(file);
        id = store.createRun(localRun("on a gpu"));
        StepMetrics step = makeStep(0);
        step.deviceMemoryBytes = 3'000'000'000;
        step.deviceMemoryPeakBytes = 41'000'000'000;
        store.appendSteps(id, std::vector<StepMetrics>{step});
        const StepMetrics back = store.steps(id).at(0);
        ASSERT_EQ(back.deviceMemoryPeakBytes, 41'000'000'000);
        ASSERT_EQ(back.deviceMemoryBytes, 3'000'000'000);
    }
    rollBackSchema(file, 4);
    ResultStore store(file);
    EXPECT_EQ(store.schemaVersion(), ResultStore::latestSchemaVersion());
    const auto steps = store.steps(id);
    ASSERT_EQ(steps.size(), 1u);
    EXPECT_EQ(steps[0].deviceMemoryPeakBytes, 0);
    EXPECT_EQ(steps[0].deviceMemoryBytes, 3'000'000'000) << "the rest of the row is kept";
}

// Measured, the figure comes back; not measured (NaN), it is stored as NULL and comes back
// as not measured, as do the steps of a schema-5 file.
TEST(ResultStore, OtherProcessesCpuRoundTripsUnmeasuredAsNullAndASchema5FileGainsIt) {
    test::TempDir dir;
    const auto file = dir.file("others.db");
    std::int64_t id = 0;
    {
        ResultStore store(file);
        id = store.createRun(localRun("beside a build"));
        StepMetrics measured = makeStep(0);
        measured.otherCpuCores = 1.25;
        const StepMetrics unmeasured = makeStep(1);
        store.appendSteps(id, std::vector<StepMetrics>{measured, unmeasured});
        const auto back = store.steps(id);
        ASSERT_EQ(back.size(), 2u);
        EXPECT_EQ(back[0].otherCpuCores, 1.25);
        EXPECT_TRUE(std::isnan(back[1].otherCpuCores));
        SQLite::Database raw(file.string(), SQLite::OPEN_READONLY);
        // This run's steps: a shipped measured table's runs have steps of their own.
        EXPECT_EQ(raw.execAndGet("SELECT count(*) FROM steps WHERE run_id = " + std::to_string(id) + " AND other_cpu IS NULL")
                      .getInt(),
                  1);
    }
    rollBackSchema(file, 5);
    ResultStore store(file);
    EXPECT_EQ(store.schemaVersion(), ResultStore::latestSchemaVersion());
    const auto steps = store.steps(id);
    ASSERT_EQ(steps.size(), 2u);
    EXPECT_TRUE(std::isnan(steps[0].otherCpuCores)) << "a step stored before the column was not measured";
    EXPECT_DOUBLE_EQ(steps[0].wallMs, makeStep(0).wallMs);
}

TEST(ResultStore, EveryNewDatabaseHoldsTheStudysReferenceRuns) {
    test::TempDir dir;
    ResultStore store(dir.file("ref.db"));
    const auto runs = store.listRuns();
    int gaudi = 0;
    double h100Workers2 = 0;
    int published = 0;
    for (const auto& run : runs) {
        EXPECT_TRUE(isReference(run.origin));
        if (isMeasuredReference(run)) continue;  // a table BridgeBench measured (core/references/)
        ++published;
        EXPECT_EQ(run.deviceCount, 8);
        if (run.deviceName == "Gaudi2") ++gaudi;
        if (run.deviceName == "H100" && run.workers == 2)
            h100Workers2 = bb::test::storedJson(run.summary).value("median_samples_per_s", 0.0);
    }
    EXPECT_EQ(published, 16);
    EXPECT_EQ(runs.size(), 16u + test::shippedMeasuredRunCount());
    EXPECT_EQ(gaudi, 8);
    EXPECT_DOUBLE_EQ(h100Workers2, 602.1);
}

TEST(ResultStore, ReferenceRunsCannotBeEditedOrDeleted) {
    test::TempDir dir;
    { ResultStore store(dir.file("ro.db")); }
    SQLite::Database raw(dir.file("ro.db").string(), SQLite::OPEN_READWRITE);
    EXPECT_THROW(raw.exec("UPDATE runs SET name = 'mine' WHERE source = 'reference'"), SQLite::Exception);
    EXPECT_THROW(raw.exec("DELETE FROM runs WHERE source = 'reference'"), SQLite::Exception);
    EXPECT_EQ(raw.execAndGet("SELECT count(*) FROM runs WHERE source = 'reference'").getInt(),
              static_cast<int>(16 + test::shippedMeasuredRunCount()));
}

TEST(ResultStore, RunWithStepsRoundTrips) {
    test::TempDir dir;
    ResultStore store(dir.file("rt.db"));
    const auto id = store.createRun(localRun("round trip"));
    std::vector<StepMetrics> written{makeStep(0), makeStep(1), makeStep(2)};
    store.appendSteps(id, written);
    store.finishRun(id, RunStatus::Completed, "", bb::test::storedSummary({{"median_samples_per_s", 42.5}}));

    const auto run = store.findRun("round trip");
    ASSERT_TRUE(run);
    EXPECT_EQ(run->id, id);
    EXPECT_EQ(run->status, RunStatus::Completed);
    EXPECT_EQ(run->config.facts.value("steps", 0), 3);
    EXPECT_DOUBLE_EQ(bb::test::storedJson(run->summary).value("median_samples_per_s", 0.0), 42.5);
    EXPECT_FALSE(run->finishedAt.empty());
    EXPECT_EQ(run->uuid.size(), 36u);

    const auto read = store.steps(id);
    ASSERT_EQ(read.size(), written.size());
    for (std::size_t i = 0; i < read.size(); ++i) {
        EXPECT_EQ(read[i].step, written[i].step);
        EXPECT_DOUBLE_EQ(read[i].wallMs, written[i].wallMs);
        EXPECT_DOUBLE_EQ(read[i].samplesPerSec, written[i].samplesPerSec);
        EXPECT_DOUBLE_EQ(read[i].loss, written[i].loss);
        EXPECT_DOUBLE_EQ(read[i].hostToDeviceMs, written[i].hostToDeviceMs);
        EXPECT_EQ(read[i].rssBytes, written[i].rssBytes);
        EXPECT_DOUBLE_EQ(read[i].loadMs, written[i].loadMs);
        EXPECT_DOUBLE_EQ(read[i].decodeMs, written[i].decodeMs);
        EXPECT_DOUBLE_EQ(read[i].collateMs, written[i].collateMs);
        EXPECT_DOUBLE_EQ(read[i].deviceTransformMs, written[i].deviceTransformMs);
    }
}

// The GUI creates a data-parallel run's row before it joins the world; the world's setup then
// replaces what the row said and leaves the rest of the run alone.
TEST(ResultStore, ARunsSetupCanBeRecordedAfterItsRowExists) {
    test::TempDir dir;
    ResultStore store(dir.file("setup.db"));
    const auto id = store.createRun(localRun("joined later"));
    store.appendSteps(id, std::vector<StepMetrics>{makeStep(0)});
    store.recordRunSetup(id, {{"steps", 3}, {"backend", "nccl"}, {"device", "cuda:0"}},
                         nlohmann::json{{"ranks", {{{"rank", 0}}, {{"rank", 1}}}}}.get<RunEnvironment>());
    const auto run = store.findRun(id);
    ASSERT_TRUE(run);
    EXPECT_EQ(run->config.facts.value("backend", ""), "nccl");
    EXPECT_EQ(run->environment.ranks.size(), 2u);
    EXPECT_EQ(run->deviceName, "cuda:0");
    EXPECT_EQ(run->name, "joined later");
    EXPECT_EQ(run->status, RunStatus::Running);
    EXPECT_EQ(store.stepCount(id), 1);
    EXPECT_THROW(store.recordRunSetup(id + 1000, {}, {}), StoreError);
}

// The setup's environment names the GPU; the run goes by it, as the study's figures go by theirs.
TEST(ResultStore, ACudaRunsSetupNamesItsDeviceByTheGpu) {
    test::TempDir dir;
    ResultStore store(dir.file("gpu.db"));
    const auto id = store.createRun(localRun("on a GPU"));
    const auto h200 = nlohmann::json{{"gpu_name", "NVIDIA H200"}}.get<RunEnvironment>();
    store.recordRunSetup(id, {{"device", "cuda:0"}}, h200);
    EXPECT_EQ(store.findRun(id)->deviceName, "H200");
    store.recordRunSetup(id, {{"device", "cpu"}}, h200);
    EXPECT_EQ(store.findRun(id)->deviceName, "cpu");
}

TEST(ResultStore, DuplicateStepRowsRollBackTheWholeBatch) {
    test::TempDir dir;
    ResultStore store(dir.file("dup.db"));
    const auto id = store.createRun(localRun("dup"));
    store.appendSteps(id, std::vector<StepMetrics>{makeStep(0)});
    std::vector<StepMetrics> clash{makeStep(1), makeStep(0)};
    EXPECT_THROW(store.appendSteps(id, clash), StoreError);
    EXPECT_EQ(store.stepCount(id), 1);
}

TEST(ResultStore, ReadsAFileWrittenByAnotherProcess) {
    test::TempDir dir;
    const auto file = dir.file("shared.db");
    const int code = inChildProcess([&] {
        ResultStore store(file);
        const auto id = store.createRun(localRun("from child"));
        std::vector<StepMetrics> steps{makeStep(0), makeStep(1), makeStep(2), makeStep(3)};
        store.appendSteps(id, steps);
        store.finishRun(id, RunStatus::Completed, "", nlohmann::json::object());
    });
    ASSERT_EQ(code, 0);
    ResultStore store(file);
    const auto run = store.findRun("from child");
    ASSERT_TRUE(run);
    EXPECT_EQ(run->status, RunStatus::Completed);
    EXPECT_EQ(store.stepCount(run->id), 4);
    EXPECT_EQ(store.interruptedAtOpen(), 0);
}

TEST(ResultStore, MarksRunsOfADeadProcessInterruptedAtOpen) {
    test::TempDir dir;
    const auto file = dir.file("dead.db");
    ASSERT_EQ(inChildProcess([&] {
                  ResultStore store(file);
                  const auto id = store.createRun(localRun("abandoned"));
                  store.appendSteps(id, std::vector<StepMetrics>{makeStep(0), makeStep(1)});
              }),
              0);
    ResultStore store(file);
    EXPECT_EQ(store.interruptedAtOpen(), 1);
    const auto run = store.findRun("abandoned");
    ASSERT_TRUE(run);
    EXPECT_EQ(run->status, RunStatus::Interrupted);
    EXPECT_EQ(store.stepCount(run->id), 2);
}

TEST(ResultStore, LeavesRunsOfALiveProcessRunning) {
    test::TempDir dir;
    ResultStore writer(dir.file("live.db"));
    const auto id = writer.createRun(localRun("still going"));
    ResultStore reader(dir.file("live.db"));
    EXPECT_EQ(reader.interruptedAtOpen(), 0);
    EXPECT_EQ(reader.findRun(id)->status, RunStatus::Running);
}

TEST(ResultStore, RefusesAFileFromANewerBuild) {
    test::TempDir dir;
    const auto file = dir.file("future.db");
    {
        SQLite::Database raw(file.string(), SQLite::OPEN_READWRITE | SQLite::OPEN_CREATE);
        raw.exec("PRAGMA user_version = 999");
    }
    try {
        ResultStore store(file);
        FAIL() << "a newer schema must be refused";
    } catch (const StoreError& error) {
        EXPECT_NE(std::string(error.what()).find("newer"), std::string::npos) << error.what();
        EXPECT_NE(std::string(error.what()).find(file.string()), std::string::npos) << error.what();
    }
}

// The GUI's step reader opens a second connection to the file its window has open. Read-write,
// a file deleted meanwhile came back as a new empty database in its place; read-only, it is an
// error naming the file, nothing is created, and a run of a dead process is left as it is.
TEST(ResultStore, ReadOnlyCreatesMigratesAndMarksNothing) {
    test::TempDir dir;
    const auto missing = dir.file("moved away.db");
    try {
        ResultStore store(missing, StoreAccess::ReadOnly);
        FAIL() << "a missing file must be refused";
    } catch (const StoreError& error) {
        EXPECT_NE(std::string(error.what()).find(missing.string()), std::string::npos) << error.what();
    }
    EXPECT_FALSE(std::filesystem::exists(missing));

    const auto file = dir.file("runs.db");
    ASSERT_EQ(inChildProcess([&] {
                  ResultStore store(file);
                  const auto id = store.createRun(localRun("abandoned"));
                  store.appendSteps(id, std::vector<StepMetrics>{makeStep(0), makeStep(1), makeStep(2)});
              }),
              0);
    ResultStore reader(file, StoreAccess::ReadOnly);
    const auto run = reader.findRun("abandoned");
    ASSERT_TRUE(run);
    EXPECT_EQ(run->status, RunStatus::Running) << "left for a read-write open to mark";
    EXPECT_EQ(reader.steps(run->id).size(), 3u);
    EXPECT_THROW(reader.createRun(localRun("written")), StoreError);

    const auto old = dir.file("old.db");
    {
        SQLite::Database raw(old.string(), SQLite::OPEN_READWRITE | SQLite::OPEN_CREATE);
        raw.exec("PRAGMA user_version = 1");
    }
    try {
        ResultStore store(old, StoreAccess::ReadOnly);
        FAIL() << "a schema this build does not read as it is must be refused";
    } catch (const StoreError& error) {
        EXPECT_NE(std::string(error.what()).find("schema version 1"), std::string::npos) << error.what();
    }
}

TEST(ResultStore, NamesTheFileWhenItIsNotADatabase) {
    test::TempDir dir;
    const auto file = dir.file("notes.txt");
    std::ofstream(file) << std::string(4096, 'x');
    try {
        ResultStore store(file);
        FAIL() << "a text file must be refused";
    } catch (const StoreError& error) {
        EXPECT_NE(std::string(error.what()).find("notes.txt"), std::string::npos) << error.what();
    }
}

TEST(ResultStore, AmbiguousNamesAskForAnId) {
    test::TempDir dir;
    ResultStore store(dir.file("names.db"));
    store.createRun(localRun("twin"));
    store.createRun(localRun("twin"));
    // A usage error (exit 2), not a failing store (exit 1, as `show twin` once exited).
    EXPECT_THROW(store.findRun(std::string("twin")), UsageError);
    EXPECT_FALSE(store.findRun(std::string("nobody")));
}

}  // namespace
TEST(ResultStore, TimelineSpansRoundTripAndASchema6FileGainsTheTable) {
    test::TempDir dir;
    const auto file = dir.file("timeline.db");
    std::int64_t id = 0;
    {
        ResultStore store(file);
        id = store.createRun(localRun("before timelines"));
    }
    rollBackSchema(file, 6);
    ResultStore store(file);
    EXPECT_EQ(store.timelineSpanCount(id), 0);
    const std::vector<TimelineSpan> spans = {
        {0, TimelineTrack::Main, 0, SpanKind::Forward, 4, 1'000, 2'500},
        {1, TimelineTrack::Worker, 1, SpanKind::Decode, 5, 300, 900},
        {0, TimelineTrack::AllReduce, 1, SpanKind::Bucket, 4, 2'000, 3'000},
    };
    store.appendTimeline(id, spans);
    store.appendTimeline(id, spans);  // stored already: kept once
    EXPECT_EQ(store.timelineSpanCount(id), 3);
    const auto back = store.timeline(id);
    ASSERT_EQ(back.size(), 3u);
    EXPECT_EQ(back[0].kind, SpanKind::Forward);
    EXPECT_EQ(back[1].track, TimelineTrack::AllReduce);
    EXPECT_EQ(back[1].lane, 1);
    EXPECT_EQ(back[2].rank, 1);
    EXPECT_EQ(back[2].beginNs, 300);
    EXPECT_EQ(back[2].endNs, 900);
    EXPECT_EQ(store.timeline(id, 5, 5).size(), 1u);
    store.deleteRuns({id});
    SQLite::Database raw(file.string());
    EXPECT_EQ(raw.execAndGet("SELECT count(*) FROM timeline_spans").getInt(), 0);
}

TEST(ResultStore, ProfiledOpsRoundTripAndASchema8FileGainsTheirTables) {
    test::TempDir dir;
    const auto file = dir.file("ops.db");
    std::int64_t id = 0;
    {
        ResultStore store(file);
        id = store.createRun(localRun("before ops"));
        store.appendSteps(id, std::vector<StepMetrics>{makeStep(0), makeStep(1)});
    }
    rollBackSchema(file, 8);
    ResultStore store(file);
    EXPECT_EQ(store.schemaVersion(), ResultStore::latestSchemaVersion());
    EXPECT_EQ(store.stepCount(id), 2);
    EXPECT_EQ(store.opCount(id), 0);
    EXPECT_TRUE(store.ops(id).empty());
    // Two calls alike in every column (zero length, one microsecond) are both kept.
    const std::vector<OpEvent> ops = {
        {0, 5, std::string(kProfiledStepName), OpDevice::Cpu, 1, 1'000, 90'000},
        {0, 5, "aten::addmm", OpDevice::Cpu, 1, 2'000, 9'000},
        {0, 5, "aten::resolve_conj", OpDevice::Cpu, 1, 3'000, 3'000},
        {0, 5, "aten::resolve_conj", OpDevice::Cpu, 1, 3'000, 3'000},
        {0, 5, "ampere_sgemm_128x64_nn", OpDevice::Cuda, 7, 4'000, 8'000},
    };
    store.appendOps(id, ops);
    store.appendOps(id, std::vector<OpEvent>{{0, 6, "aten::addmm", OpDevice::Cpu, 1, 95'000, 99'000}});
    EXPECT_EQ(store.opCount(id), 6);
    const auto back = store.ops(id);
    ASSERT_EQ(back.size(), 6u);
    EXPECT_EQ(back[1].name, "aten::addmm");
    EXPECT_EQ(back[3].name, "aten::resolve_conj");
    EXPECT_EQ(back[4].device, OpDevice::Cuda);
    EXPECT_EQ(back[4].lane, 7);
    EXPECT_EQ(back[4].beginNs, 4'000);
    EXPECT_EQ(back[4].endNs, 8'000);
    EXPECT_EQ(back[5].step, 6);
    SQLite::Database raw(file.string());
    EXPECT_EQ(raw.execAndGet("SELECT count(*) FROM op_names").getInt(), 4);  // each name once
    store.deleteRuns({id});
    EXPECT_EQ(raw.execAndGet("SELECT count(*) FROM profile_ops").getInt(), 0);
}

}  // namespace bb::result_store_test
