// The caption length a run asks for (text_length) is what its batches carry, what its FLOPs
// count, and what its row records; one the model cannot take is refused before the row.
#include <gtest/gtest.h>

#include <filesystem>

#include "../data/data_test_support.h"
#include "bridgebench/bridgetower_config.h"
#include "bridgebench/errors.h"
#include "bridgebench/model_info.h"
#include "bridgebench/result_store.h"
#include "bridgebench/run_session.h"
#include "engine/model_factory.h"
#include "support/recording_observer.h"
#include "support/temp_dir.h"
#include "support/stored_summary.h"

namespace bb {
namespace {

RunConfig tinyConfig(std::int64_t textLength) {
    RunConfig config;
    config.model = "tiny";
    config.dataset = "synthetic-tensors";
    config.steps = 2;
    config.batchSize = 2;
    config.warmupSteps = 1;
    config.threads = 1;
    config.probe = false;
    config.textLength = textLength;
    return config;
}

RunRecord runOnce(const std::filesystem::path& db, const RunConfig& config) {
    test::RecordingObserver observer;
    RunSession session(db, config, observer);
    session.start();
    const RunOutcome outcome = session.wait();
    EXPECT_EQ(outcome.status, RunStatus::Completed) << outcome.error;
    ResultStore store(db);
    auto run = store.findRun(session.runId());
    EXPECT_TRUE(run.has_value());
    return run.value_or(RunRecord{});
}

TEST(TextLength, TheRunCountsAndRecordsTheLengthItAskedFor) {
    test::TempDir dir;
    const RunRecord run = runOnce(dir.file("runs.db"), tinyConfig(24));
    EXPECT_EQ(run.config.textLength.value_or(0), 24);
    const double expected = modelInfo(bridgeTowerPreset("tiny"), 24).trainingFlopsPerSample;
    EXPECT_DOUBLE_EQ(bb::test::storedJson(run.summary).value("flops_per_sample", 0.0), expected);
    EXPECT_LT(expected, modelInfo(bridgeTowerPreset("tiny"), 40).trainingFlopsPerSample);
}

// 0 is "the model's own", and the row records which length that was.
TEST(TextLength, ZeroRecordsTheModelsOwnLength) {
    test::TempDir dir;
    EXPECT_EQ(runOnce(dir.file("runs.db"), tinyConfig(0)).config.textLength.value_or(0), kDefaultTextLength);
    RunConfig miniClip = tinyConfig(0);
    miniClip.model = "mini-clip";
    EXPECT_EQ(resolveTextLength(miniClip), 16);
}

TEST(TextLength, MoreThanTheModelTakesIsRefusedBeforeTheRunHasARow) {
    test::TempDir dir;
    test::RecordingObserver observer;
    try {
        RunSession session(dir.file("runs.db"), tinyConfig(63), observer);
        FAIL() << "63 tokens were accepted by a model with 64 positions";
    } catch (const ConfigError& error) {
        EXPECT_EQ(error.key(), "text_length");
        EXPECT_NE(std::string(error.what()).find("at most 62"), std::string::npos) << error.what();
    }
    EXPECT_FALSE(std::filesystem::exists(dir.file("runs.db")));
    EXPECT_EQ(resolveTextLength(tinyConfig(62)), 62);
}

// The loader pads and cuts the real captions of real files to the length, not only the
// synthetic tensors.
TEST(TextLength, TheLoadersBatchesCarryIt) {
    test::TempDir dir;
    RunConfig config = tinyConfig(12);
    config.dataset = test::makeSyntheticSet(dir.file("set"), 4, 64, 48).string();
    test::RecordingObserver observer;
    const auto model = makeTrainingModel(config);
    EXPECT_EQ(model->textLength(), 12);
    auto source = makeBatchSource(config, *model, torch::kCPU, observer);
    ASSERT_TRUE(source->fetch());
    const ModelInputs inputs = source->prepare();
    EXPECT_EQ(inputs.inputIds.size(1), 12);
    EXPECT_EQ(inputs.attentionMask.size(1), 12);
    source->finish();
}

}  // namespace
}  // namespace bb
