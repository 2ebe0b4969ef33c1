#include "bridgebench/trainer_output.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "bridgebench/errors.h"
#include "support/file_bytes.h"
#include "support/temp_dir.h"

namespace bb::trainer_output_test {
namespace {

using ::testing::HasSubstr;

const std::filesystem::path kData = BB_TEST_DATA_DIR;

TEST(TrainerOutput, ReadsStateResultsAndEventFilesOfAnOutputFolder) {
    const test::TempDir dir;
    std::filesystem::copy(kData / "trainer/h100", dir.path() / "out");
    test::writeFileBytes(dir.file("out/runs/Nov30_10-00-00_node1/events.out.tfevents.1700000000.node1.1234.0"),
                         test::readFileBytes(kData / "tfevents/events.out.tfevents.1700000000.fixture"));
    const TrainerOutput output = readTrainerOutput(dir.path() / "out");
    ASSERT_TRUE(output.state.has_value());
    EXPECT_EQ(output.statePath, dir.path() / "out/trainer_state.json");
    EXPECT_EQ(output.state->globalStep, 50);
    ASSERT_TRUE(output.results.has_value());
    EXPECT_EQ(output.resultsPath.filename(), "all_results.json");
    EXPECT_EQ(output.results->samples, 19200);
    ASSERT_EQ(output.eventFiles.size(), 1U);
    EXPECT_EQ(output.eventFiles[0].scalars.size(), 12U);
}

TEST(TrainerOutput, FallsBackToTrainResultsAndTheLatestCheckpointsState) {
    const test::TempDir dir;
    test::writeFileBytes(dir.file("checkpoint-9/trainer_state.json"), R"({"global_step": 9})");
    test::writeFileBytes(dir.file("checkpoint-40/trainer_state.json"), R"({"global_step": 40})");
    test::writeFileBytes(dir.file("checkpoint-100/other.json"), "{}");
    test::writeFileBytes(dir.file("train_results.json"),
                         test::readFileBytes(kData / "trainer/h100/train_results.json"));
    const TrainerOutput output = readTrainerOutput(dir.path());
    ASSERT_TRUE(output.state.has_value());
    EXPECT_EQ(output.state->globalStep, 40);
    EXPECT_EQ(output.resultsPath.filename(), "train_results.json");
    EXPECT_TRUE(output.eventFiles.empty());
}

TEST(TrainerOutput, RejectsAFolderWithoutTrainerFiles) {
    const test::TempDir dir;
    test::writeFileBytes(dir.file("README.md"), "nothing here");
    try {
        readTrainerOutput(dir.path());
        FAIL() << "no error";
    } catch (const InputError& error) {
        EXPECT_THAT(error.what(), HasSubstr("no trainer_state.json"));
    }
    EXPECT_THROW(readTrainerOutput(dir.file("README.md")), InputError);
}

TEST(TrainerOutput, PassesOnTheErrorOfAMalformedFile) {
    const test::TempDir dir;
    test::writeFileBytes(dir.file("all_results.json"), R"({"train_runtime": []})");
    try {
        readTrainerOutput(dir.path());
        FAIL() << "no error";
    } catch (const InputError& error) {
        EXPECT_THAT(error.what(), HasSubstr(R"(all_results.json: key "train_runtime")"));
    }
}

}  // namespace
}  // namespace bb::trainer_output_test
