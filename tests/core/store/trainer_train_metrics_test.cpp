#include "bridgebench/trainer_train_metrics.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "bridgebench/errors.h"
#include "support/file_bytes.h"
#include "support/temp_dir.h"

namespace bb::trainer_train_metrics_test {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;
using ::testing::Pair;

const std::filesystem::path kTrainerData = std::filesystem::path(BB_TEST_DATA_DIR) / "trainer";

TEST(TrainerTrainMetrics, ReadsAllResultsWithEvaluationFigures) {
    const TrainerTrainMetrics metrics = readTrainerResults(kTrainerData / "h100/all_results.json");
    EXPECT_EQ(metrics.samplesPerSec, 602.1);
    EXPECT_EQ(metrics.stepsPerSec, 1.568);
    EXPECT_EQ(metrics.runtimeSec, 31.8918);
    EXPECT_EQ(metrics.loss, 1.17428);
    EXPECT_EQ(metrics.totalFlos, 1.2345678e15);
    EXPECT_EQ(metrics.epoch, 0.52);
    EXPECT_EQ(metrics.samples, 19200);
    EXPECT_THAT(metrics.otherValues,
                ElementsAre(Pair("eval_loss", 0.7931), Pair("eval_runtime", 12.3456), Pair("eval_samples", 3842.0),
                            Pair("eval_samples_per_second", 311.21), Pair("eval_steps_per_second", 0.81)));
}

TEST(TrainerTrainMetrics, ReadsTrainResultsAndGaudisMemoryFigures) {
    const TrainerTrainMetrics train = readTrainerResults(kTrainerData / "h100/train_results.json");
    EXPECT_EQ(train.samplesPerSec, 602.1);
    EXPECT_TRUE(train.otherValues.empty());
    const TrainerTrainMetrics gaudi = readTrainerResults(kTrainerData / "gaudi2/all_results.json");
    EXPECT_EQ(gaudi.samplesPerSec, 847.7);
    EXPECT_EQ(gaudi.samples, 14400);
    EXPECT_THAT(gaudi.otherValues,
                ElementsAre(Pair("max_memory_allocated (GB)", 74.33), Pair("memory_allocated (GB)", 42.88),
                            Pair("total_memory_available (GB)", 94.62)));
}

TEST(TrainerTrainMetrics, ReportsMalformedFilesByFileAndKey) {
    const test::TempDir dir;
    const auto errorOf = [&](std::string_view contents) -> std::string {
        try {
            readTrainerResults(test::writeFileBytes(dir.file("all_results.json"), contents));
        } catch (const InputError& error) {
            return error.what();
        }
        return "no error";
    };
    EXPECT_THAT(errorOf(R"({"train_samples_per_second": "fast"})"),
                HasSubstr(R"(all_results.json: key "train_samples_per_second": expected a number, found string)"));
    EXPECT_THAT(errorOf(R"({"train_samples": 1.5})"), HasSubstr(R"(key "train_samples": expected an integer)"));
    EXPECT_THAT(errorOf("{\n\"epoch\": 1,\n\"train_loss\" 2\n}"), HasSubstr("line 3"));
    EXPECT_THAT(errorOf("\"a string\""), HasSubstr("expected an object, found string"));
    EXPECT_EQ(errorOf("{}"), "no error");
}

}  // namespace
}  // namespace bb::trainer_train_metrics_test
