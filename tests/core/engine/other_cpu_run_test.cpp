// A real run beside another busy process records, step by step and in its summary, the CPU time
// that process took: the neighbour the start-of-run probe misses when it comes later.
#include <cmath>

#include <gtest/gtest.h>

#include "bridgebench/result_store.h"
#include "bridgebench/run_session.h"
#include "support/recording_observer.h"
#include "support/spinning_process.h"
#include "support/temp_dir.h"
#include "support/stored_summary.h"

namespace bb {
namespace {

TEST(OtherCpuDuringARun, ASpinningNeighbourShowsInTheStepsAndTheSummaryAsStored) {
    test::TempDir dir;
    test::RecordingObserver observer;
    RunConfig config;
    config.steps = 40;
    config.batchSize = 8;
    config.warmupSteps = 3;
    // One compute thread: two would wait for each other behind the neighbour and make the
    // test slow, which is not what it checks.
    config.threads = 1;
    config.probe = false;
    RunOutcome outcome;
    std::int64_t runId = 0;
    {
        RunSession session(dir.file("runs.db"), config, observer);
        runId = session.runId();
        test::SpinningProcess neighbour;
        session.start();
        outcome = session.wait();
    }
    ASSERT_EQ(outcome.status, RunStatus::Completed) << outcome.error;
    ResultStore store(dir.file("runs.db"));
    const auto steps = store.steps(runId);
    ASSERT_EQ(steps.size(), 40u);
    int measured = 0;
    for (const auto& step : steps)
        if (std::isfinite(step.otherCpuCores)) {
            ++measured;
            EXPECT_GE(step.otherCpuCores, 0.0) << "step " << step.step;
        }
    // The meter's first quarter second has no figure; the run lasts longer than that.
    ASSERT_GT(measured, 0);
    EXPECT_TRUE(std::isfinite(steps.back().otherCpuCores));
    // The neighbour holds a core whatever else runs beside the test.
    EXPECT_GT(outcome.summary.otherCpuCores.value(), 0.4);
    EXPECT_GE(outcome.summary.otherCpuCoresP95.value(), outcome.summary.otherCpuCores.value() * 0.5);
    const auto run = store.findRun(runId);
    ASSERT_TRUE(run);
    EXPECT_DOUBLE_EQ(bb::test::storedJson(run->summary).value("other_cpu_cores", -1.0), outcome.summary.otherCpuCores.value());
}

}  // namespace
}  // namespace bb
