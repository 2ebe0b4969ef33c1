// A CPU run's MFU is held against the GEMM peak its own probe measures on the run's threads.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <torch/torch.h>

#include "bridgebench/run_mfu.h"
#include "bridgebench/run_summary.h"
#include "engine/gemm_peak.h"
#include "engine/run_control.h"
#include "engine/trainer.h"
#include "support/recording_observer.h"

namespace bb {
namespace {

TEST(GemmPeak, TimesASquareProductLargeEnoughToMeasure) {
    RunControl control;
    const GemmPeak peak = measureCpuGemmPeak(torch::kFloat, control);
    EXPECT_GT(peak.flopsPerSec, 0);
    EXPECT_GE(peak.size, 256);
    EXPECT_LE(peak.size, 2048);
}

TEST(GemmPeak, ACancelledRunMeasuresNothing) {
    RunControl control;
    control.cancel();
    EXPECT_EQ(measureCpuGemmPeak(torch::kFloat, control).flopsPerSec, 0);
}

TEST(GemmPeak, TheProbeMeasuresItAndTheRunsMfuStaysBelowOne) {
    RunConfig config;
    config.model = "tiny";
    config.dataset = "synthetic-tensors";
    config.steps = 4;
    config.batchSize = 8;
    config.warmupSteps = 1;
    RunControl control;
    test::RecordingObserver observer;
    const TrainerResult result = train(config, observer, control);
    ASSERT_EQ(result.status, RunStatus::Completed) << result.error;
    EXPECT_GT(result.probe.gemmFp32FlopsPerSec, 0);
    EXPECT_EQ(result.probe.gemmThreads, chooseIntraOpThreads(config));

    RunRecord run;
    run.source = "local";
    run.deviceKind = "cpu";
    run.deviceName = "cpu";
    run.model = config.model;
    run.precision = config.precision;
    RunSummary summary = summarize(result.steps, config.warmupSteps, result.flopsPerSample);
    summary.probe = result.probe;
    run.summary = summary;
    const RunMfu mfu = runMfu(run);
    ASSERT_TRUE(mfu.known()) << mfu.reason;
    EXPECT_GT(mfu.mfu, 0);
    EXPECT_LE(mfu.mfu, 1.0);
    EXPECT_THAT(mfu.peakSource, ::testing::HasSubstr("fp32 GEMM"));
}

}  // namespace
}  // namespace bb
