// A CPU run's MFU is held against its machine's peak, measured quietly once and stored: not a
// per-run GEMM that moved with the machine's load (188.5 vs 100.9 GFLOP/s within one sweep,
// which made the sweep's slowest run read as its most efficient).
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cmath>
#include <thread>

#include <SQLiteCpp/SQLiteCpp.h>
#include <nlohmann/json.hpp>

#include "bridgebench/machine_peak.h"
#include "bridgebench/result_store.h"
#include "bridgebench/run_comparison.h"
#include "bridgebench/run_mfu.h"
#include "bridgebench/run_session.h"
#include "bridgebench/study_runs.h"
#include "session/machine_peak_probe.h"
#include "engine/run_control.h"
#include "support/recording_observer.h"
#include "support/spinning_process.h"
#include "support/temp_dir.h"
#include "support/stored_summary.h"

namespace bb {
namespace {

using ::testing::HasSubstr;

RunEnvironment environmentOf(const std::string& host) {
    RunEnvironment environment;
    environment.hostname = host;
    environment.cpuModel = "Test CPU @ 2.0GHz";
    environment.logicalCores = 2;
    return environment;
}

// A CPU run as a sweep stores it, with the per-run probe GEMM figure runs stored before
// machine peaks carry (and which differed run to run).
RunRecord sweepRun(const std::string& name, double achievedFlopsPerSec, double probeGemm, std::int64_t studyId,
                   const std::string& host = "box") {
    RunRecord run;
    run.name = name;
    run.origin = RunOrigin::Engine;
    run.status = RunStatus::Completed;
    run.deviceKind = "cpu";
    run.deviceName = "cpu";
    run.model = "tiny";
    run.precision = "fp32";
    run.studyId = studyId;
    run.environment = environmentOf(host);
    run.summary = bb::test::storedSummary(nlohmann::json{{"achieved_flops_per_s", achievedFlopsPerSec},
                   {"median_samples_per_s", achievedFlopsPerSec / 1e8},
                   {"mean_samples_per_s", achievedFlopsPerSec / 1e8},
                   {"probe", {{"gemm_fp32_flops_per_s", probeGemm}, {"gemm_size", 1024}, {"gemm_threads", 1}}}});
    return run;
}

MachinePeak storedPeak(const std::string& machine, double flopsPerSec) {
    return MachinePeak{machine, "fp32", flopsPerSec, 2048, 2, 5, 0.03, "2026-05-01T10:00:00Z"};
}

TEST(MachinePeak, TheMachineIsItsHostCpuModelAndCoreCountAndUnknownWithoutOne) {
    EXPECT_EQ(machineIdentity(environmentOf("box")), "box · Test CPU @ 2.0GHz · 2 logical cores");
    RunEnvironment older = environmentOf("box");
    older.hostname.clear();  // runs stored before the hostname was recorded
    EXPECT_EQ(machineIdentity(older), "");
    EXPECT_EQ(machineIdentity(RunEnvironment{}), "");
}

TEST(MachinePeak, RunsOfASweepShareOnePeakWhateverTheirProbesTimed) {
    test::TempDir dir;
    ResultStore store(dir.file("peaks.db"));
    StudyRecord sweep;
    sweep.name = "workers sweep";
    const auto study = store.createStudy(sweep);
    // The slower run's own probe had timed the higher GEMM figure: held against its own, it
    // read as the more efficient.
    store.createRun(sweepRun("workers 0", 4e9, 100.9e9, study));
    store.createRun(sweepRun("workers 1", 2e9, 188.5e9, study));
    store.createRun(sweepRun("elsewhere", 2e9, 188.5e9, 0, "another-box"));
    ASSERT_TRUE(store.recordMachinePeak(storedPeak(machineIdentity(environmentOf("box")), 150e9)));
    // A second figure for the machine does not replace the first: its runs keep one peak.
    EXPECT_FALSE(store.recordMachinePeak(storedPeak(machineIdentity(environmentOf("box")), 90e9)));

    const auto runs = store.runsInStudy(study);
    ASSERT_EQ(runs.size(), 2u);
    const RunMfu fast = runMfu(runs[0]);
    const RunMfu slow = runMfu(runs[1]);
    ASSERT_TRUE(fast.known()) << fast.reason;
    ASSERT_TRUE(slow.known()) << slow.reason;
    EXPECT_DOUBLE_EQ(fast.peakFlopsPerSec, 150e9);
    EXPECT_DOUBLE_EQ(slow.peakFlopsPerSec, 150e9);
    EXPECT_GT(fast.mfu, slow.mfu) << "the faster run is the more efficient one";
    EXPECT_THAT(fast.peakSource, HasSubstr("this machine's fp32 GEMM 2048×2048 on 2 threads, best of 5"));

    // The comparison every front end renders holds them against the one peak too.
    const RunComparison compared = compareRuns(runs, CompareMetric::Mfu, std::nullopt);
    ASSERT_EQ(compared.entries.size(), 2u);
    EXPECT_NEAR(compared.entries[0].value, 100.0 * 4e9 / 150e9, 1e-9);
    EXPECT_NEAR(compared.entries[1].value, 100.0 * 2e9 / 150e9, 1e-9);

    // Another machine's run is not held against this machine's peak.
    const auto other = store.findRun("elsewhere");
    ASSERT_TRUE(other.has_value());
    EXPECT_FALSE(runMfu(*other).known());
}

TEST(MachinePeak, WithoutAStoredPeakACpuRunHasNoMfuAndSaysWhy) {
    RunRecord run = sweepRun("alone", 2e9, 188.5e9, 0);
    const RunMfu none = runMfu(run);
    EXPECT_FALSE(none.known());
    EXPECT_THAT(none.reason, HasSubstr("no quiet peak measured on this machine"));
    EXPECT_TRUE(std::isnan(runMetricValue(run, CompareMetric::Mfu)));

    run.environment.hostname.clear();
    run.machinePeaks.push_back(storedPeak("box · Test CPU @ 2.0GHz · 2 logical cores", 150e9));
    EXPECT_FALSE(runMfu(run).known());
    EXPECT_THAT(runMfu(run).reason, HasSubstr("which machine"));
}

TEST(MachinePeak, APeakMeasuredBesideABusyProcessIsNotStored) {
    test::TempDir dir;
    ResultStore store(dir.file("busy.db"));
    std::vector<std::unique_ptr<test::SpinningProcess>> neighbours;
    const int cores = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
    for (int i = 0; i < cores; ++i) neighbours.push_back(std::make_unique<test::SpinningProcess>());
    RunControl control;
    const auto notStored = ensureMachinePeaks(store, "busy box", 1, control);
    neighbours.clear();
    ASSERT_FALSE(notStored.empty());
    EXPECT_THAT(notStored.front(), HasSubstr("other processes used"));
    EXPECT_TRUE(store.machinePeaks().empty());
}

TEST(MachinePeak, ASchema6FileGainsTheTableAndKeepsItsRuns) {
    test::TempDir dir;
    const auto file = dir.file("six.db");
    std::int64_t id = 0;
    {
        ResultStore store(file);
        id = store.createRun(sweepRun("before peaks", 2e9, 1e11, 0));
    }
    {
        SQLite::Database raw(file.string(), SQLite::OPEN_READWRITE);
        // As a schema-6 build left it: before the timeline's table (7), this one (8) and the
        // profiled ops' (9).
        raw.exec("DROP TABLE profile_ops");
        raw.exec("DROP TABLE op_names");
        raw.exec("DROP TABLE machine_peaks");
        raw.exec("DROP TABLE timeline_spans");
        raw.exec("PRAGMA user_version = 6");
    }
    ResultStore store(file);
    EXPECT_EQ(store.schemaVersion(), ResultStore::latestSchemaVersion());
    EXPECT_TRUE(store.findRun(id).has_value());
    EXPECT_TRUE(store.recordMachinePeak(storedPeak("box", 1e11)));
    ASSERT_EQ(store.machinePeaks().size(), 1u);
    EXPECT_EQ(store.machinePeaks().front().repetitions, 5);
}

// Two runs of one sweep through the engine: whatever the machine's load let it measure, both
// are held against the same peak (before, each against its own probe's GEMM: never equal).
TEST(MachinePeak, TwoEngineRunsOnOneMachineAreHeldAgainstOnePeak) {
    test::TempDir dir;
    const auto db = dir.file("engine.db");
    std::vector<std::int64_t> ids;
    for (int workers : {0, 1}) {
        RunConfig config;
        config.model = "tiny";
        config.dataset = "synthetic-tensors";
        config.steps = 3;
        config.batchSize = 4;
        config.warmupSteps = 1;
        config.workers = workers;
        config.name = "sweep workers " + std::to_string(workers);
        test::RecordingObserver observer;
        RunSession session(db, config, observer);
        const RunOutcome outcome = session.wait();
        ASSERT_EQ(outcome.status, RunStatus::Completed) << outcome.error;
        ids.push_back(session.runId());
    }
    ResultStore store(db);
    const auto first = store.findRun(ids[0]);
    const auto second = store.findRun(ids[1]);
    ASSERT_TRUE(first && second);
    EXPECT_FALSE(machineIdentity(first->environment).empty());
    const RunMfu a = runMfu(*first);
    const RunMfu b = runMfu(*second);
    EXPECT_EQ(a.peakFlopsPerSec, b.peakFlopsPerSec) << a.peakSource << " | " << b.peakSource;
    EXPECT_EQ(a.known(), b.known()) << a.reason << " | " << b.reason;
    if (!a.known()) {
        EXPECT_THAT(a.reason, HasSubstr("no quiet peak"));
    }
    EXPECT_LE(store.machinePeaks().size(), 2u);
}

}  // namespace
}  // namespace bb
