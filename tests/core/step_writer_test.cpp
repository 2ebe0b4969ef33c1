#include "bridgebench/step_writer.h"

#include <gtest/gtest.h>

#include "bridgebench/result_store.h"
#include "support/temp_dir.h"

namespace bb {
namespace {

TEST(StepWriter, CommitsEveryPushedRowByClose) {
    test::TempDir dir;
    const auto file = dir.file("w.db");
    ResultStore store(file);
    RunRecord run;
    run.name = "writer";
    const auto id = store.createRun(run);
    {
        // A tiny queue forces back-pressure and many small transactions.
        StepWriter writer(file, id, /*capacity=*/4, /*flushIntervalMs=*/5);
        for (int i = 0; i < 500; ++i) {
            StepMetrics step;
            step.step = i;
            step.samples = 1;
            step.wallMs = 1;
            writer.push(step);
        }
        EXPECT_EQ(writer.close(), "");
        EXPECT_EQ(writer.committedRows(), 500);
    }
    EXPECT_EQ(store.stepCount(id), 500);
}

TEST(StepWriter, ReportsAWriteErrorInsteadOfBlockingTraining) {
    test::TempDir dir;
    const auto file = dir.file("w.db");
    ResultStore store(file);
    RunRecord run;
    run.name = "will clash";
    const auto id = store.createRun(run);
    StepWriter writer(file, id, 8, 5);
    StepMetrics step;
    writer.push(step);
    writer.push(step);  // same step index twice: the primary key refuses it
    for (int i = 1; i < 100; ++i) {
        step.step = i;
        writer.push(step);
    }
    const std::string error = writer.close();
    EXPECT_NE(error.find("w.db"), std::string::npos) << error;
}

}  // namespace
}  // namespace bb
