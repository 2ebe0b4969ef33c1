// Achieved TFLOP/s and MFU for every run that names its model: the study's reference runs
// included, checked against a hand count of BridgeTower-large's matrix products.
#include "bridgebench/result_store.h"
#include "bridgebench/run_flops.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <string_view>

#include "bridgebench/study_runs.h"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "bridgebench/model_info.h"
#include "bridgebench/run_mfu.h"
#include "support/temp_dir.h"
#include "support/stored_summary.h"

namespace bb {
namespace {

using ::testing::HasSubstr;

const RunRecord& augustRun(const std::vector<RunRecord>& runs, std::string_view device, std::int64_t workers) {
    for (const auto& run : runs)
        if (isReference(run.origin) && run.batchSize == 48 && run.deviceName == device && run.workers == workers &&
            run.deviceTransforms == false)
            return run;
    throw std::logic_error("no such reference run");
}

// BridgeTower-large's forward matrix products per sample, written out from the architecture
// (24 text layers and as many vision blocks of width 1024, FFN 4096, 6 cross-modal layers, 14 px
// patches of a 294 px image: 441 patches + CLS, 128 caption tokens), each product 2·m·n·k.
double largeForwardFlopsByHand() {
    const double d = 1024, ffn = 4096, text = 128, image = 442, patches = 441, patchInputs = 3 * 14 * 14;
    // q and o from the queries' tokens, k and v from the keys', scores and context.
    auto attention = [&](double queries, double keys) {
        return 4 * queries * d * d + 4 * keys * d * d + 4 * queries * keys * d;
    };
    auto feedForward = [&](double tokens, double width) { return 4 * tokens * d * width; };
    double flops = 24 * (attention(text, text) + feedForward(text, ffn));          // text encoder
    flops += 2 * patches * patchInputs * d;                                         // patch embedding
    flops += 24 * (attention(image, image) + feedForward(image, 4 * d));            // vision blocks
    flops += 6 * (2 * text * d * d + 2 * image * d * d);                            // bridge inputs
    flops += 6 * (attention(text, text) + attention(text, image) + feedForward(text, ffn) +
                  attention(image, image) + attention(image, text) + feedForward(image, ffn));
    flops += 2 * 2 * d * d;                                                         // two poolers
    flops += 2 * 2 * d * 512 + 2 * 2 * d * 512;                                     // itc heads
    return flops;
}

TEST(RunFlops, TheStudysH100RunHasAchievedTflopsAndMfuAsCountedByHand) {
    const test::TempDir dir;
    ResultStore store(dir.file("r.db"));
    const auto runs = store.listRuns();
    const RunRecord& h100 = augustRun(runs, "H100", 2);
    ASSERT_EQ(h100.model, "BridgeTower/bridgetower-large-itm-mlm-itc");

    const RunFlops flops = runFlops(h100);
    ASSERT_TRUE(flops.known()) << flops.basis;
    // 495.5 GFLOP forward, × 3 for training: 1486.6 GFLOP per sample.
    EXPECT_NEAR(flops.flopsPerSample, 3 * largeForwardFlopsByHand(), 1.0);
    EXPECT_NEAR(flops.flopsPerSample / 1e9, 1486.6, 0.1);
    // × 602.1 samples/s over 8 devices: 895.1 TFLOP/s, 111.9 per device.
    EXPECT_NEAR(flops.achievedFlopsPerSec / 1e12, 895.09, 0.01);
    EXPECT_NEAR(flops.achievedFlopsPerSecPerDevice / 1e12, 111.89, 0.01);
    EXPECT_THAT(flops.basis, HasSubstr("294 px, 128 tokens"));
    EXPECT_THAT(::testing::PrintToString(flops.assumptions), HasSubstr("max_seq_length"));

    // Against the H100 SXM's 989.5 dense bf16 TFLOPS: 11.3%.
    const RunMfu mfu = runMfu(h100, flops);
    ASSERT_TRUE(mfu.known()) << mfu.reason;
    EXPECT_NEAR(mfu.mfu, 111.886 / 989.5, 1e-4);
    EXPECT_THAT(mfu.peakSource, HasSubstr("datasheet"));
    EXPECT_THAT(::testing::PrintToString(mfu.assumptions), HasSubstr("SXM5"));
}

TEST(RunFlops, EveryPublishedRunHasAFigureAndAnMfuBelowOne) {
    const test::TempDir dir;
    ResultStore store(dir.file("r.db"));
    int references = 0;
    for (const auto& run : store.listRuns()) {
        if (!isReference(run.origin) || isMeasuredReference(run)) continue;
        ++references;
        const RunFlops flops = runFlops(run);
        EXPECT_TRUE(flops.known()) << run.name;
        const RunMfu mfu = runMfu(run, flops);
        ASSERT_TRUE(mfu.known()) << run.name << ": " << mfu.reason;
        EXPECT_GT(mfu.mfu, 0.05) << run.name;
        EXPECT_LT(mfu.mfu, 1.0) << run.name;
    }
    EXPECT_EQ(references, 16);
}

TEST(RunFlops, APresetAndTheHubIdOfItsCheckpointCountAlike) {
    RunRecord preset;
    preset.origin = RunOrigin::Import;
    preset.model = "base";
    preset.summary = bb::test::storedSummary(nlohmann::json{{"median_samples_per_s", 10.0}});
    RunRecord hub = preset;
    hub.model = "BridgeTower/bridgetower-base-itm-mlm";
    const RunFlops a = runFlops(preset);
    const RunFlops b = runFlops(hub);
    ASSERT_TRUE(a.known());
    EXPECT_DOUBLE_EQ(a.flopsPerSample, b.flopsPerSample);
    EXPECT_DOUBLE_EQ(a.flopsPerSample, modelInfo(bridgeTowerPreset("base"), kStudyTextLength).trainingFlopsPerSample);
}

TEST(RunFlops, AStatedTextLengthAndImageSizeReplaceTheAssumption) {
    RunRecord run;
    run.origin = RunOrigin::Import;
    run.model = "large";
    run.config = nlohmann::json{{"text_length", 40}}.get<RunSettings>();
    run.summary = bb::test::storedSummary(nlohmann::json{{"median_samples_per_s", 1.0}});
    const RunFlops flops = runFlops(run);
    EXPECT_DOUBLE_EQ(flops.flopsPerSample, modelInfo(bridgeTowerPreset("large"), 40).trainingFlopsPerSample);
    EXPECT_THAT(::testing::PrintToString(flops.assumptions), ::testing::Not(HasSubstr("max_seq_length")));
}

TEST(RunFlops, AnUnknownModelHasNoFigureAndNoMfuAndSaysWhy) {
    RunRecord run;
    run.origin = RunOrigin::Import;
    run.model = "";
    run.deviceKind = "cuda";
    run.deviceName = "H100";
    run.precision = "bf16";
    run.summary = bb::test::storedSummary(nlohmann::json{{"median_samples_per_s", 100.0}});
    EXPECT_FALSE(runFlops(run).known());
    const RunMfu mfu = runMfu(run);
    EXPECT_FALSE(mfu.known());
    EXPECT_THAT(mfu.reason, HasSubstr("FLOP/s unknown"));

    run.model = "large";
    run.deviceName = "";
    run.deviceKind = "";
    EXPECT_TRUE(runFlops(run).known());
    EXPECT_THAT(runMfu(run).reason, HasSubstr("unknown device"));
}

// The Compare table puts a run's samples/s beside its TFLOP/s and MFU: all three come from the
// same throughput, samples over the time (run_samples_per_sec.h), never the median step, which
// for steps that alternate between waiting and not is the fast half.
TEST(RunFlops, ALocalRunsTflopsFollowTheSamplesPerSecondItsRowShows) {
    RunRecord run;
    run.origin = RunOrigin::Engine;
    run.deviceCount = 2;
    run.summary = bb::test::storedSummary(nlohmann::json{{"median_samples_per_s", 250.0},
                   {"mean_samples_per_s", 20.0},
                   {"flops_per_sample", 5e7},
                   {"achieved_flops_per_s", 20.0 * 5e7}});
    const RunFlops flops = runFlops(run);
    ASSERT_TRUE(flops.known());
    EXPECT_DOUBLE_EQ(flops.flopsPerSample, 5e7);
    EXPECT_DOUBLE_EQ(flops.achievedFlopsPerSec, 20.0 * 5e7);
    EXPECT_DOUBLE_EQ(flops.achievedFlopsPerSecPerDevice, 20.0 * 5e7 / 2);
    EXPECT_THAT(flops.basis, HasSubstr("0.05 GFLOP per training sample"));

    // Stored before flops_per_sample was kept: the count comes back through the mean-based figure.
    run.summary.flopsPerSample.reset();
    EXPECT_DOUBLE_EQ(runFlops(run).flopsPerSample, 5e7);
    EXPECT_DOUBLE_EQ(runFlops(run).achievedFlopsPerSec, 20.0 * 5e7);
}

// A measured reference table's run was counted by the engine that ran it, with the captions it fed;
// the study's 128-token assumption is for the published figures alone. (The shipped H200 runs
// read 305 TFLOP/s on the Compare tab against the 258 their own count gives.)
TEST(RunFlops, AMeasuredReferenceRunKeepsTheEnginesCount) {
    RunRecord run;
    run.origin = RunOrigin::MeasuredReference;  // from a table BridgeBench measured: no headline_only
    run.model = "large";
    run.deviceCount = 1;
    run.summary = bb::test::storedSummary(nlohmann::json{{"median_samples_per_s", 205.0},
                   {"mean_samples_per_s", 204.0},
                   {"flops_per_sample", 1.2595e12},
                   {"achieved_flops_per_s", 204.0 * 1.2595e12}});
    ASSERT_TRUE(isMeasuredReference(run));
    const RunFlops flops = runFlops(run);
    EXPECT_DOUBLE_EQ(flops.flopsPerSample, 1.2595e12);
    // At the samples/s its row shows: samples over the time (run_samples_per_sec.h).
    EXPECT_DOUBLE_EQ(flops.achievedFlopsPerSecPerDevice, 204.0 * 1.2595e12);
    EXPECT_THAT(flops.basis, HasSubstr("the engine's count"));
    // `compare` printed "1.26e+03 GFLOP per training sample".
    EXPECT_THAT(flops.basis, HasSubstr(": 1259.5 GFLOP per training sample"));
    for (const auto& assumption : flops.assumptions) EXPECT_THAT(assumption, ::testing::Not(HasSubstr("128 tokens")));

    // Without the engine's figures (a table written by hand), the count is the engine's caption
    // length, not the study's.
    run.summary = bb::test::storedSummary(nlohmann::json{{"median_samples_per_s", 205.0}});
    const RunFlops counted = runFlops(run);
    EXPECT_THAT(counted.basis, HasSubstr(fmt::format("{} tokens", kDefaultTextLength)));
}

TEST(RunMfu, ACpuRunIsHeldAgainstItsMachinesStoredPeakNotItsProbe) {
    RunRecord run;
    run.origin = RunOrigin::Engine;
    run.deviceKind = "cpu";
    run.deviceName = "cpu";
    run.precision = "fp32";
    run.environment = nlohmann::json{{"hostname", "box"}, {"cpu_model", "Test CPU"}, {"logical_cores", 2}}.get<RunEnvironment>();
    run.summary = bb::test::storedSummary(nlohmann::json{{"achieved_flops_per_s", 2e9},
                   {"mean_samples_per_s", 10.0},
                   {"probe", {{"gemm_fp32_flops_per_s", 8e10}, {"gemm_size", 1024}, {"gemm_threads", 2}}}});
    EXPECT_FALSE(runMfu(run).known()) << "a probe's own GEMM is no peak";

    run.machinePeaks.push_back({"box · Test CPU · 2 logical cores", "fp32", 1e11, 2048, 2, 5, 0.0, "2026-05-01T10:00:00Z"});
    const RunMfu mfu = runMfu(run);
    ASSERT_TRUE(mfu.known()) << mfu.reason;
    EXPECT_DOUBLE_EQ(mfu.mfu, 2e9 / 1e11);
    EXPECT_THAT(mfu.peakSource, HasSubstr("this machine's fp32 GEMM 2048×2048 on 2 threads"));
    // `show` printed "on 1 threads".
    run.machinePeaks.front().threads = 1;
    EXPECT_THAT(runMfu(run).peakSource, HasSubstr("on 1 thread,"));

    // bf16 without a native bf16 peak: the fp32 one, said so.
    run.precision = "bf16";
    ASSERT_TRUE(runMfu(run).known());
    ASSERT_EQ(runMfu(run).assumptions.size(), 1u);
    EXPECT_THAT(runMfu(run).assumptions.front(), HasSubstr("fp32 GEMM peak"));
}

}  // namespace
}  // namespace bb
