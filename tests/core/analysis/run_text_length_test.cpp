#include "bridgebench/run_text_length.h"

#include <gtest/gtest.h>

#include "bridgebench/result_store.h"
#include "bridgebench/run_comparison.h"
#include "bridgebench/study_runs.h"
#include "support/temp_dir.h"
#include "support/stored_summary.h"

namespace bb {
namespace {

RunRecord engineRun(RunOrigin origin) {
    RunRecord run;
    run.origin = origin;
    run.model = "large";
    run.deviceKind = "cuda";
    run.deviceName = "H200";
    run.deviceCount = 1;
    run.batchSize = 48;
    run.precision = "bf16";
    run.summary = bb::test::storedSummary(nlohmann::json{{"median_samples_per_s", 205.0}});
    return run;
}

std::vector<RunRecord> shipped(ResultStore& store, bool measured) {
    std::vector<RunRecord> runs;
    for (const auto& run : store.listRuns())
        if (isReference(run.origin) && isMeasuredReference(run) == measured) runs.push_back(run);
    return runs;
}

TEST(RunTextLength, ComesFromTheConfigThenTheEnginesDefaultThenTheStudysAssumption) {
    RunRecord run = engineRun(RunOrigin::Engine);
    run.config.textLength = 128;
    EXPECT_EQ(runTextLength(run).tokens, 128);
    EXPECT_FALSE(runTextLength(run).assumed);
    // Stored before text_length was a key: the engine fed its default caption.
    run.config.textLength.reset();
    EXPECT_EQ(runTextLength(run).tokens, 40);
    run.model = "tiny";
    EXPECT_EQ(runTextLength(run).tokens, 40);

    RunRecord imported = engineRun(RunOrigin::Import);
    EXPECT_EQ(runTextLength(imported).tokens, 0);
    imported.config.maxSeqLength = 64;
    EXPECT_EQ(runTextLength(imported).tokens, 64);

    const test::TempDir dir;
    ResultStore store(dir.file("r.db"));
    const auto published = shipped(store, false);
    const auto measured = shipped(store, true);
    ASSERT_FALSE(published.empty());
    ASSERT_FALSE(measured.empty());
    for (const auto& figure : published) {
        EXPECT_EQ(runTextLength(figure).tokens, 128) << figure.name;
        EXPECT_TRUE(runTextLength(figure).assumed) << figure.name;
    }
    // The H200 table of 4 Dec 2026 ran the engine's 40-token captions.
    for (const auto& h200 : measured) EXPECT_EQ(runTextLength(h200).tokens, 40) << h200.name;
}

// Samples/s per device of the shipped H200 table against the study's H100 is not like for
// like: a 128-token caption costs BridgeTower-large 18% more FLOPs than a 40-token one. The
// comparison says so where the metric does not hold the work per sample out.
TEST(RunTextLength, ADifferentLengthIsAWorkloadDifferenceThatFlopMetricsHoldOut) {
    const test::TempDir dir;
    ResultStore store(dir.file("r.db"));
    const auto published = shipped(store, false);
    const auto measured = shipped(store, true);
    const RunRecord& h100 = *std::find_if(published.begin(), published.end(),
                                          [](const RunRecord& r) { return r.deviceName == "H100"; });
    const RunRecord& h200 = measured.front();
    const auto perDevice = compareRuns({h100, h200}, CompareMetric::SamplesPerSecPerDevice, h100.id).entries.back();
    EXPECT_TRUE(perDevice.workloadDiffers);
    EXPECT_EQ(perDevice.workloadNote, "text length 40 vs 128");
    EXPECT_EQ(perDevice.workloadHeldOut, "devices 1 vs 8");
    const auto mfu = compareRuns({h100, h200}, CompareMetric::Mfu, h100.id).entries.back();
    EXPECT_FALSE(mfu.workloadDiffers);
    EXPECT_EQ(mfu.workloadHeldOut, "text length 40 vs 128; devices 1 vs 8");

    // A run at the study's length is like for like per device.
    RunRecord matched = engineRun(RunOrigin::Engine);
    matched.config.textLength = 128;
    const auto same = compareRuns({h100, matched}, CompareMetric::SamplesPerSecPerDevice, h100.id).entries.back();
    EXPECT_FALSE(same.workloadDiffers) << same.workloadNote;
}

}  // namespace
}  // namespace bb
