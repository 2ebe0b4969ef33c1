#include "bridgebench/run_summary.h"

#include <gtest/gtest.h>

#include <cmath>
#include <vector>

namespace bb {
namespace {

std::vector<StepMetrics> stepsWithWallMs(std::initializer_list<double> wallMs) {
    std::vector<StepMetrics> steps;
    for (double ms : wallMs) {
        StepMetrics step;
        step.step = static_cast<std::int64_t>(steps.size());
        step.samples = 10;
        step.wallMs = ms;
        step.dataWaitMs = ms / 4;
        steps.push_back(step);
    }
    return steps;
}

TEST(RunSummary, ExcludesWarmupStepsFromThroughput) {
    // Three slow warm-up steps, then 100 ms steps of 10 samples = 100 samples/s.
    const auto steps = stepsWithWallMs({1000, 900, 800, 100, 100, 100, 100});
    const RunSummary summary = summarize(steps, 3);
    EXPECT_TRUE(summary.warmupExcluded);
    EXPECT_DOUBLE_EQ(summary.medianSamplesPerSec.value(), 100.0);
    EXPECT_DOUBLE_EQ(summary.meanSamplesPerSec.value(), 100.0);
    EXPECT_DOUBLE_EQ(summary.dataWaitShare.value(), 0.25);
    EXPECT_EQ(summary.samples, 70);
    EXPECT_NEAR(summary.durationS.value(), 3.1, 1e-12);
}

TEST(RunSummary, PercentilesInterpolateBetweenRanks) {
    // Rates 10, 20, ..., 110 samples/s (wall = 1000 / rate ms for 10 samples each... here 1 sample).
    std::vector<StepMetrics> steps;
    for (int rate = 10; rate <= 110; rate += 10) {
        StepMetrics step;
        step.step = static_cast<std::int64_t>(steps.size());
        step.samples = 1;
        step.wallMs = 1000.0 / rate;
        steps.push_back(step);
    }
    const RunSummary summary = summarize(steps, 0);
    EXPECT_NEAR(summary.medianSamplesPerSec.value(), 60.0, 1e-9);
    EXPECT_NEAR(summary.p5SamplesPerSec.value(), 15.0, 1e-9);
    EXPECT_NEAR(summary.p95SamplesPerSec.value(), 105.0, 1e-9);
}

TEST(RunSummary, FallsBackToAllStepsWhenTheRunIsShorterThanWarmup) {
    const auto steps = stepsWithWallMs({200, 100});
    const RunSummary summary = summarize(steps, 3);
    EXPECT_FALSE(summary.warmupExcluded);
    EXPECT_NEAR(summary.medianSamplesPerSec.value(), 75.0, 1e-9);
}

TEST(RunSummary, AchievedFlopsFollowMeanThroughput) {
    const auto steps = stepsWithWallMs({100, 100, 100, 100});
    EXPECT_DOUBLE_EQ(summarize(steps, 0, 2e9).achievedFlopsPerSec.value(), 100.0 * 2e9);
    EXPECT_DOUBLE_EQ(summarize(steps, 0, 2e9).flopsPerSample.value(), 2e9);
}

TEST(RunSummary, JsonRoundTrip) {
    auto summary = summarize(stepsWithWallMs({50, 100, 150, 200}), 1, 1e6);
    EXPECT_FALSE(nlohmann::json(summary).contains("available_cores_at_start")) << "unknown stays out";
    summary.availableCoresAtStart = 1.25;
    const nlohmann::json json = summary;
    const RunSummary back = json.get<RunSummary>();
    EXPECT_DOUBLE_EQ(back.medianSamplesPerSec.value(), summary.medianSamplesPerSec.value());
    EXPECT_DOUBLE_EQ(back.achievedFlopsPerSec.value(), summary.achievedFlopsPerSec.value());
    EXPECT_DOUBLE_EQ(back.flopsPerSample.value(), 1e6);
    EXPECT_DOUBLE_EQ(back.availableCoresAtStart.value(), 1.25);
    EXPECT_EQ(back.steps, 4);
    EXPECT_TRUE(json.contains("p95_samples_per_s"));
    EXPECT_TRUE(json.contains("data_wait_share"));
}

// Other processes' CPU per step: weighted by step time, as a share of the run's time would
// be, over the counted steps that measured it; absent from the JSON where none did.
TEST(RunSummary, OtherProcessesCpuIsAveragedOverTheTimeOfTheStepsThatMeasuredIt) {
    auto steps = stepsWithWallMs({100, 100, 100, 300, 100, 100});
    steps[0].otherCpuCores = 5.0;  // warm-up: not counted
    steps[3].otherCpuCores = 1.0;  // a slow step beside a busy neighbour
    steps[4].otherCpuCores = 0.2;
    // steps 1, 2 (warm-up) and 5: not measured
    const RunSummary summary = summarize(steps, 3);
    EXPECT_DOUBLE_EQ(summary.otherCpuCores.value(), (1.0 * 300 + 0.2 * 100) / 400);
    EXPECT_DOUBLE_EQ(summary.otherCpuCoresP95.value(), 0.2 + 0.95 * 0.8);
    nlohmann::json json = summary;
    EXPECT_DOUBLE_EQ(json.at("other_cpu_cores").get<double>(), 0.8);
    EXPECT_DOUBLE_EQ(json.get<RunSummary>().otherCpuCoresP95.value(), summary.otherCpuCoresP95.value());

    const RunSummary unmeasured = summarize(stepsWithWallMs({100, 100, 100, 100}), 3);
    EXPECT_TRUE(!unmeasured.otherCpuCores.has_value());
    json = unmeasured;
    EXPECT_FALSE(json.contains("other_cpu_cores"));
    EXPECT_TRUE(!json.get<RunSummary>().otherCpuCores.has_value());
}

}  // namespace
}  // namespace bb
