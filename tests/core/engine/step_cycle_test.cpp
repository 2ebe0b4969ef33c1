// A step's wall covers its whole cycle (engine/step_cycle.h): what the training thread does
// between two steps' timed windows is charged to the next step, so the walls add up to the time
// the run took and samples over their sum is what it delivered.
#include <gtest/gtest.h>

#include <chrono>
#include <thread>

#include "engine/run_control.h"
#include "engine/step_cycle.h"
#include "engine/trainer.h"
#include "support/recording_observer.h"

namespace bb {
namespace {

// Stands in for a slow record of each step (on a busy machine, reading /proc and handing the
// step to the writer while loader workers hold the cores).
class SlowRecordObserver : public test::RecordingObserver {
public:
    void step(const StepMetrics& metrics) override {
        std::this_thread::sleep_for(std::chrono::milliseconds(kRecordMs));
        RecordingObserver::step(metrics);
    }
    static constexpr int kRecordMs = 30;
};

TEST(StepCycle, TheStepsWallsAddUpToTheTimeTheRunTook) {
    RunConfig config;
    config.dataset = "synthetic-tensors";
    config.steps = 6;
    config.batchSize = 4;
    config.threads = 1;
    SlowRecordObserver observer;
    RunControl control;
    const TrainerResult result = train(config, observer, control);
    ASSERT_EQ(result.status, RunStatus::Completed) << result.error;
    ASSERT_EQ(result.steps.size(), 6u);

    // Each step's timestamp is taken as its window ends: from the first step's to the last's
    // the run spent exactly the walls of the steps after the first.
    double walls = 0;
    for (std::size_t i = 1; i < result.steps.size(); ++i) {
        walls += result.steps[i].wallMs;
        // The record of the step before it is in its wall.
        EXPECT_GE(result.steps[i].wallMs, SlowRecordObserver::kRecordMs) << "step " << i;
    }
    const double elapsed = result.steps.back().timestampMs - result.steps.front().timestampMs;
    EXPECT_NEAR(walls, elapsed, 2.0 + 0.01 * elapsed);
}

TEST(StepCycle, TheFirstStepIsChargedNothingAndEachLaterOneTheGapBeforeIt) {
    StepCycle cycle;
    cycle.recorded();
    EXPECT_EQ(cycle.gapMs(), 0);
    const auto before = StepCycle::Clock::now();
    cycle.windowEnded();
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
    cycle.recorded();
    const double atMost = std::chrono::duration<double, std::milli>(StepCycle::Clock::now() - before).count();
    EXPECT_GE(cycle.gapMs(), 5.0);
    EXPECT_LE(cycle.gapMs(), atMost);
}

}  // namespace
}  // namespace bb
