// A run is listed, compared and charted by samples over its time, not by its median step.
#include "bridgebench/run_samples_per_sec.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "bridgebench/run_comparison.h"
#include "bridgebench/run_summary.h"
#include "support/stored_summary.h"

namespace bb::run_samples_per_sec_test {
namespace {

// Two loader workers ahead of an input-bound step, as mini-clip ran at batch 8 on two cores:
// a step whose batch was waiting takes the compute alone (3 ms), the next waits 8 ms more.
std::vector<StepMetrics> alternatingSteps() {
    std::vector<StepMetrics> steps;
    for (int i = 0; i < 41; ++i) {
        StepMetrics step;
        step.step = i;
        step.samples = 8;
        step.dataWaitMs = i % 2 == 0 ? 0 : 8;
        step.wallMs = 3 + step.dataWaitMs;
        steps.push_back(step);
    }
    return steps;
}

RunRecord localRun(const std::vector<StepMetrics>& steps) {
    RunRecord run;
    run.origin = RunOrigin::Engine;
    run.deviceCount = 1;
    run.summary = summarize(steps, 0);
    return run;
}

TEST(RunSamplesPerSec, ARunOfTheEngineIsTakenOverItsTimeNotAtItsMedianStep) {
    const RunRecord run = localRun(alternatingSteps());
    // 21 short steps and 20 long ones: the median step is a short one, 8 samples in 3 ms.
    ASSERT_NEAR(bb::test::storedJson(run.summary).at("median_samples_per_s").get<double>(), 8 * 1000.0 / 3, 1e-6);
    const double overTime = 41 * 8 * 1000.0 / (21 * 3 + 20 * 11);
    EXPECT_NEAR(runSamplesPerSec(run), overTime, 1e-6);
    // The Runs and Compare tabs list it so, per device too.
    EXPECT_NEAR(runMetricValue(run, CompareMetric::SamplesPerSec), overTime, 1e-6);
    EXPECT_NEAR(runMetricValue(run, CompareMetric::SamplesPerSecPerDevice), overTime, 1e-6);
}

TEST(RunSamplesPerSec, AFigureASourceStatesIsTakenAsItIs) {
    // An import whose files state the Trainer's train_samples_per_second keeps it as its headline
    // (imported_summary.cpp), beside its steps' own figures.
    RunRecord imported = localRun(alternatingSteps());
    imported.origin = RunOrigin::Import;
    imported.summary.headline = Headline{700.0, "train_samples_per_second"};
    EXPECT_DOUBLE_EQ(runSamplesPerSec(imported), 700.0);
    // Without one, its steps over their time.
    imported.summary.headline.reset();
    EXPECT_NEAR(runSamplesPerSec(imported), bb::test::storedJson(imported.summary).at("mean_samples_per_s").get<double>(), 1e-9);

    // The study's published figures (store/reference_runs.cpp).
    RunRecord study;
    study.origin = RunOrigin::PublishedFigure;
    study.summary = bb::test::storedSummary(nlohmann::json{{"median_samples_per_s", 602.1}, {"headline_only", true}});
    EXPECT_DOUBLE_EQ(runSamplesPerSec(study), 602.1);
}

TEST(RunSamplesPerSec, ARunWithoutFiguresHasNone) {
    RunRecord run;
    run.origin = RunOrigin::Engine;
    EXPECT_EQ(runSamplesPerSec(run), 0);
    // A value of another type ("fast") never reaches a run: the store leaves it out (readable_run_test).
    run.summary = bb::test::storedSummary(nlohmann::json{{"mean_samples_per_s", nullptr}});
    EXPECT_EQ(runSamplesPerSec(run), 0);
}

}  // namespace
}  // namespace bb::run_samples_per_sec_test
