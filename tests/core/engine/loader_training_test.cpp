// The trainer on real files: batches come from the Loader (JPEG decode, BridgeTower image
// processing, tokenised captions) and reach the model through the DevicePreparer.
#include <gtest/gtest.h>

#include <cmath>
#include <fstream>

#include "../data/data_test_support.h"
#include "engine/run_control.h"
#include "engine/trainer.h"
#include "support/recording_observer.h"

namespace bb::loader_training_test {
namespace {

// Images larger than mini-clip's 64 px input, so that every run resizes and crops.
std::filesystem::path smallJpegSet(const test::TempDir& dir) {
    return test::makeSyntheticSet(dir.file("set"), 48, 160, 120);
}

RunConfig fileConfig(const std::filesystem::path& manifest) {
    RunConfig config;
    config.dataset = manifest.string();
    config.steps = 5;
    config.batchSize = 8;
    config.threads = 1;  // equal arithmetic whatever the workers, for the comparisons below
    config.learningRate = 1e-3;
    config.warmupSteps = 1;
    return config;
}

TrainerResult trainQuietly(const RunConfig& config) {
    test::RecordingObserver observer;
    RunControl control;
    return train(config, observer, control);
}

std::vector<double> losses(const TrainerResult& result) {
    std::vector<double> values;
    for (const auto& step : result.steps) values.push_back(step.loss);
    return values;
}

TEST(LoaderTraining, StepsCarryWhatLoadingTheirBatchCost) {
    test::TempDir dir;
    const TrainerResult result = trainQuietly(fileConfig(smallJpegSet(dir)));
    ASSERT_EQ(result.status, RunStatus::Completed) << result.error;
    ASSERT_EQ(result.steps.size(), 5u);
    for (const auto& step : result.steps) {
        EXPECT_EQ(step.samples, 8);
        EXPECT_GT(step.readMs, 0);
        EXPECT_GT(step.decodeMs, 0);
        EXPECT_GT(step.transformMs, 0);
        EXPECT_GE(step.loadMs, step.decodeMs);
        // With workers = 0 the training thread builds the batch inside its data wait.
        EXPECT_GE(step.dataWaitMs + 1e-3, step.loadMs);
        EXPECT_EQ(step.deviceTransformMs, 0);
        EXPECT_TRUE(std::isfinite(step.loss));
    }
    EXPECT_EQ(result.skipped.count, 0);
}

TEST(LoaderTraining, WorkersChangeTheSpeedNeverTheNumbers) {
    test::TempDir dir;
    const auto manifest = smallJpegSet(dir);
    RunConfig inline0 = fileConfig(manifest);
    RunConfig workers2 = fileConfig(manifest);
    workers2.workers = 2;
    const TrainerResult a = trainQuietly(inline0);
    const TrainerResult b = trainQuietly(workers2);
    ASSERT_EQ(a.status, RunStatus::Completed) << a.error;
    ASSERT_EQ(b.status, RunStatus::Completed) << b.error;
    EXPECT_EQ(losses(a), losses(b));
    for (const auto& step : b.steps) EXPECT_GT(step.loadMs, 0) << "a worker's cost still reaches the step";
}

TEST(LoaderTraining, DeviceTransformsGiveTheSameBatchesAndTimeTheirOwnColumn) {
    test::TempDir dir;
    const auto manifest = smallJpegSet(dir);
    RunConfig host = fileConfig(manifest);
    RunConfig device = fileConfig(manifest);
    device.deviceTransforms = true;
    const TrainerResult a = trainQuietly(host);
    const TrainerResult b = trainQuietly(device);
    ASSERT_EQ(b.status, RunStatus::Completed) << b.error;
    for (const auto& step : b.steps) {
        EXPECT_GT(step.deviceTransformMs, 0);
        EXPECT_EQ(step.hostToDeviceMs, 0);
        EXPECT_EQ(step.transformMs, 0) << "the loader no longer resizes";
    }
    // Pixels agree within one 8-bit level, so the first loss (before any update) agrees closely.
    EXPECT_NEAR(a.steps.front().loss, b.steps.front().loss, 1e-3 * std::abs(a.steps.front().loss));
}

TEST(LoaderTraining, UnusableFilesAreSkippedCountedAndNamed) {
    test::TempDir dir;
    const auto manifest = smallJpegSet(dir);
    test::writeText(dir.file("set/images/not-a-picture.jpg"), "plain text, not a JPEG");
    std::ofstream(manifest, std::ios::app) << R"({"image": "images/not-a-picture.jpg", "caption": "a lie"})" << "\n"
                                           << R"({"image": "images/gone.jpg", "caption": "missing"})" << "\n";
    const TrainerResult result = trainQuietly(fileConfig(manifest));
    ASSERT_EQ(result.status, RunStatus::Completed) << result.error;
    EXPECT_EQ(result.skipped.count, 2);
    ASSERT_EQ(result.skipped.first.size(), 2u);
    std::string paths;
    for (const auto& sample : result.skipped.first) paths += sample.path + " ";
    EXPECT_NE(paths.find("not-a-picture.jpg"), std::string::npos) << paths;
    EXPECT_NE(paths.find("gone.jpg"), std::string::npos) << paths;
}

TEST(LoaderTraining, TheTinyBridgeTowerTrainsOnCaptionsTokenisedForItsSmallVocabulary) {
    test::TempDir dir;
    RunConfig config = fileConfig(smallJpegSet(dir));
    config.model = "tiny";  // 512-entry vocabulary: RoBERTa ids must be folded into it
    config.steps = 3;
    const TrainerResult result = trainQuietly(config);
    ASSERT_EQ(result.status, RunStatus::Completed) << result.error;
    for (const auto& step : result.steps) EXPECT_TRUE(std::isfinite(step.loss));
}

TEST(LoaderTraining, SyntheticTensorsMeasureComputeAlone) {
    RunConfig config;
    config.dataset = "synthetic-tensors";
    config.steps = 3;
    config.batchSize = 4;
    const TrainerResult result = trainQuietly(config);
    ASSERT_EQ(result.status, RunStatus::Completed) << result.error;
    for (const auto& step : result.steps) {
        EXPECT_EQ(step.loadMs, 0);
        EXPECT_EQ(step.decodeMs, 0);
    }
}

TEST(LoaderTraining, AMissingDatasetFailsTheRunNamingTheFile) {
    test::TempDir dir;
    RunConfig config = fileConfig(dir.file("nowhere/manifest.jsonl"));
    const TrainerResult result = trainQuietly(config);
    EXPECT_EQ(result.status, RunStatus::Failed);
    EXPECT_NE(result.error.find("nowhere"), std::string::npos) << result.error;
}

}  // namespace
}  // namespace bb::loader_training_test
