// The probe a run takes after its last step: what the diagnosis turns into measured scaling.
#include <gtest/gtest.h>

#include <thread>

#include <nlohmann/json.hpp>

#include "../data/data_test_support.h"
#include "bridgebench/run_summary.h"
#include "engine/cpu_availability.h"
#include "engine/pipeline_prober.h"
#include "engine/run_control.h"
#include "engine/trainer.h"
#include "support/recording_observer.h"

namespace bb::pipeline_probe_test {
namespace {

int cores() { return static_cast<int>(std::max(1u, std::thread::hardware_concurrency())); }

RunConfig jpegConfig(const test::TempDir& dir) {
    RunConfig config;
    config.dataset = test::makeSyntheticSet(dir.file("set"), 24, 160, 120).string();
    config.steps = 3;
    config.batchSize = 8;
    config.workers = 1;
    config.warmupSteps = 1;
    return config;
}

TrainerResult trainQuietly(const RunConfig& config, RunControl& control) {
    test::RecordingObserver observer;
    return train(config, observer, control);
}

TEST(PipelineProbe, ThreadCountsAreTheEnginesChoicesForTheStudysWorkersAndOne) {
    RunConfig config;
    EXPECT_EQ(probeThreadCounts(config, 2), (std::vector<int>{1, 2}));
    EXPECT_EQ(probeThreadCounts(config, 16), (std::vector<int>{1, 14, 15, 16}));
    EXPECT_TRUE(probeThreadCounts(config, 1).empty());
    config.threads = 4;  // workers no longer move the thread count: nothing to predict
    EXPECT_TRUE(probeThreadCounts(config, 16).empty());
}

TEST(PipelineProbe, ACompletedRunTimesComputePerThreadCountAndBothImagePaths) {
    test::TempDir dir;
    const RunConfig config = jpegConfig(dir);
    RunControl control;
    const TrainerResult result = trainQuietly(config, control);
    ASSERT_EQ(result.status, RunStatus::Completed) << result.error;
    const PipelineProbe& probe = result.probe;
    EXPECT_TRUE(probe.error.empty()) << probe.error;
    std::vector<int> probed;
    for (const auto& [threads, ms] : probe.forwardBackwardMsByThreads) {
        probed.push_back(threads);
        EXPECT_GT(ms, 0) << threads << " threads";
    }
    EXPECT_EQ(probed, probeThreadCounts(config, cores()));
    EXPECT_GT(probe.hostTransformMs, 0);
    EXPECT_GT(probe.deviceTransformMs, 0);
    EXPECT_GT(probe.availableCores, 0);
    EXPECT_LE(probe.availableCores, cores() * 1.05);
}

TEST(PipelineProbe, AvailableCoresCountOnlyCpuTimeTheThreadsGot) {
    // One busy thread can never get more than one core, however idle the machine.
    const double one = measureAvailableCores(1, std::chrono::milliseconds(60));
    EXPECT_GT(one, 0.05);
    EXPECT_LE(one, 1.05);
    const double all = measureAvailableCores(cores(), std::chrono::milliseconds(60));
    EXPECT_LE(all, cores() * 1.05);
}

TEST(PipelineProbe, IsSkippedWhenSwitchedOffOrWhenTheRunDidNotComplete) {
    test::TempDir dir;
    RunConfig config = jpegConfig(dir);
    config.probe = false;
    RunControl control;
    const TrainerResult off = trainQuietly(config, control);
    ASSERT_EQ(off.status, RunStatus::Completed) << off.error;
    EXPECT_TRUE(off.probe.empty());

    config.probe = true;
    RunControl cancelled;
    cancelled.cancel();
    const TrainerResult stopped = trainQuietly(config, cancelled);
    EXPECT_EQ(stopped.status, RunStatus::Cancelled);
    EXPECT_TRUE(stopped.probe.empty());
}

TEST(PipelineProbe, TravelsInTheStoredSummary) {
    RunSummary summary;
    summary.probe.forwardBackwardMsByThreads = {{1, 52.5}, {2, 41.0}};
    summary.probe.hostTransformMs = 30;
    summary.probe.deviceTransformMs = 95;
    summary.probe.availableCores = 1.4;
    const nlohmann::json stored = summary;
    EXPECT_EQ(stored["probe"]["forward_backward_ms_by_threads"]["2"], 41.0);
    const auto loaded = stored.get<RunSummary>();
    EXPECT_EQ(loaded.probe.forwardBackwardMsByThreads, summary.probe.forwardBackwardMsByThreads);
    EXPECT_DOUBLE_EQ(loaded.probe.hostTransformMs.value_or(0), 30);
    EXPECT_DOUBLE_EQ(loaded.probe.deviceTransformMs.value_or(0), 95);
    EXPECT_DOUBLE_EQ(loaded.probe.availableCores.value_or(0), 1.4);
    // Summaries stored before the probe existed have none.
    EXPECT_TRUE(nlohmann::json::object().get<RunSummary>().probe.empty());
    EXPECT_FALSE(nlohmann::json(RunSummary{}).contains("probe"));
}

// A probe that timed no thread counts (each data-parallel rank has its `threads` set; a GPU run) stored
// `"forward_backward_ms_by_threads": {}`, which read as a measurement of nothing; now the key is absent.
TEST(PipelineProbe, ThreadTimesNotMeasuredAreAbsentNotEmpty) {
    RunSummary summary;
    summary.probe.loadMs = 8.4;
    summary.probe.availableCores = 1.5;
    const nlohmann::json stored = summary;
    ASSERT_TRUE(stored.contains("probe"));
    EXPECT_FALSE(stored["probe"].contains("forward_backward_ms_by_threads")) << stored.dump();
    EXPECT_TRUE(stored.get<RunSummary>().probe.forwardBackwardMsByThreads.empty());
}

// A figure the probe did not measure (a GPU run times no host thread counts; a source without
// device transforms times none) was stored as 0, a figure like any other; now it is absent, and a
// 0 an older build stored reads as unknown.
TEST(PipelineProbe, AFigureItDidNotMeasureIsUnknownNotZero) {
    PipelineProbe probe;
    probe.availableCores = 1.5;
    const nlohmann::json stored = probe;
    for (const char* key : {"load_ms", "decode_ms", "host_transform_ms", "device_transform_ms"})
        EXPECT_FALSE(stored.contains(key)) << key << " in " << stored.dump();
    const auto older = nlohmann::json{{"load_ms", 0.0}, {"decode_ms", 12.5}, {"device_transform_ms", 0.0},
                                      {"available_cores", 1.5}}
                           .get<PipelineProbe>();
    EXPECT_FALSE(older.loadMs.has_value());
    EXPECT_FALSE(older.deviceTransformMs.has_value());
    EXPECT_EQ(older.decodeMs, 12.5);
    EXPECT_EQ(older.availableCores, 1.5);
}

}  // namespace
}  // namespace bb::pipeline_probe_test
