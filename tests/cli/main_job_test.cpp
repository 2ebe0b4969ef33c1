// `make run` without a display: scripts/run-main-job.sh trains BridgeTower (tiny) on JPEGs and
// ends by setting the run beside the study's H100, A100 and Gaudi2 figures.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "bridgebench/result_store.h"
#include "support/process_runner.h"
#include "support/temp_dir.h"

namespace bb {
namespace {

using ::testing::HasSubstr;

TEST(MainJob, TrainsTinyBridgeTowerOnJpegsAndSetsItBesideTheStudy) {
    test::TempDir dir;
    const auto db = dir.file("main.db");
    const auto result = test::runCommand(
        "env -u DISPLAY -u WAYLAND_DISPLAY MAIN_JOB_STEPS=4 BRIDGEBENCH_DB=" + test::shellQuote(db.string()) +
        " timeout 300 " + test::shellQuote(std::string(BB_SOURCE_DIR) + "/scripts/run-main-job.sh") + " " +
        test::shellQuote(BB_BUILD_DIR));
    ASSERT_EQ(result.exitCode, 0) << result.out << result.err;
    EXPECT_THAT(result.out, HasSubstr("completed"));
    for (const char* device : {"Gaudi2", "H100", "A100 80GB"}) EXPECT_THAT(result.out, HasSubstr(device));
    // One table, in the metric that holds the model and the device count out: a samples/s table
    // came first, where the tiny CPU model read as faster than an H100, and two tables printed
    // their notes twice.
    EXPECT_THAT(result.out, HasSubstr("Metric: achieved TFLOP/s per device"));
    EXPECT_THAT(result.out, ::testing::Not(HasSubstr("Metric: samples/s")));
    const std::string sources = "Where TFLOP/s and MFU come from";
    const auto first = result.out.find(sources);
    ASSERT_NE(first, std::string::npos) << result.out;
    EXPECT_EQ(result.out.find(sources, first + 1), std::string::npos) << result.out;

    ResultStore store(db);
    int local = 0;
    for (const auto& run : store.listRuns()) {
        if (run.origin != RunOrigin::Engine) continue;
        ++local;
        EXPECT_EQ(run.model, "tiny");
        EXPECT_EQ(run.config.facts.value("dataset", std::string()), "synthetic");
        EXPECT_EQ(store.stepCount(run.id), 4);
    }
    EXPECT_EQ(local, 1);
}

}  // namespace
}  // namespace bb
