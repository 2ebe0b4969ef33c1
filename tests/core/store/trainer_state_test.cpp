#include "bridgebench/trainer_state.h"

#include <cmath>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "bridgebench/errors.h"
#include "support/file_bytes.h"
#include "support/temp_dir.h"

namespace bb::trainer_state_test {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;
using ::testing::Pair;

const std::filesystem::path kTrainerData = std::filesystem::path(BB_TEST_DATA_DIR) / "trainer";

std::string errorOf(std::string_view contents) {
    const test::TempDir dir;
    try {
        readTrainerState(test::writeFileBytes(dir.file("trainer_state.json"), contents));
    } catch (const InputError& error) {
        return error.what();
    }
    return "no error";
}

TEST(TrainerState, ReadsTheCountersAndLogHistoryOfATransformersRun) {
    const TrainerState state = readTrainerState(kTrainerData / "h100/trainer_state.json");
    EXPECT_EQ(state.globalStep, 50);
    EXPECT_EQ(state.maxSteps, 50);
    EXPECT_EQ(state.loggingSteps, 10);
    EXPECT_EQ(state.trainBatchSize, 48);
    EXPECT_EQ(state.numTrainEpochs, 1.0);
    EXPECT_DOUBLE_EQ(*state.epoch, 0.5208333333333334);
    EXPECT_DOUBLE_EQ(*state.totalFlos, 1.2345678e15);
    EXPECT_EQ(state.bestMetric, std::nullopt);
    EXPECT_EQ(state.bestModelCheckpoint, std::nullopt);

    ASSERT_EQ(state.logHistory.size(), 7U);
    const TrainerLogEntry& first = state.logHistory[0];
    EXPECT_EQ(first.kind, TrainerLogKind::Training);
    EXPECT_EQ(first.step, 10);
    EXPECT_EQ(first.epoch, 0.1);
    EXPECT_EQ(first.loss, 1.9872);
    EXPECT_EQ(first.gradNorm, 12.625);
    EXPECT_DOUBLE_EQ(*first.learningRate, 1e-5 * (1 - 10.0 / 96));
    EXPECT_TRUE(first.otherValues.empty());
    // Python's json.dump writes a NaN grad_norm as the bare literal NaN.
    ASSERT_TRUE(state.logHistory[2].gradNorm.has_value());
    EXPECT_TRUE(std::isnan(*state.logHistory[2].gradNorm));

    const TrainerLogEntry& eval = state.logHistory[5];
    EXPECT_EQ(eval.kind, TrainerLogKind::Evaluation);
    EXPECT_EQ(eval.loss, std::nullopt);
    EXPECT_THAT(eval.otherValues,
                ElementsAre(Pair("eval_loss", 0.7931), Pair("eval_runtime", 12.3456),
                            Pair("eval_samples_per_second", 311.21), Pair("eval_steps_per_second", 0.81)));

    EXPECT_EQ(state.logHistory[6].kind, TrainerLogKind::TrainSummary);
    ASSERT_TRUE(state.trainMetrics.has_value());
    EXPECT_EQ(state.trainMetrics->samplesPerSec, 602.1);
    EXPECT_EQ(state.trainMetrics->stepsPerSec, 1.568);
    EXPECT_EQ(state.trainMetrics->runtimeSec, 31.8918);
    EXPECT_EQ(state.trainMetrics->loss, 1.17428);
    EXPECT_EQ(state.trainMetrics->totalFlos, 1.2345678e15);
    EXPECT_EQ(state.trainMetrics->epoch, 0.52);
    EXPECT_TRUE(state.trainMetrics->otherValues.empty());
}

TEST(TrainerState, KeepsGaudisMemoryFiguresOnEveryEntry) {
    const TrainerState state = readTrainerState(kTrainerData / "gaudi2/trainer_state.json");
    ASSERT_EQ(state.logHistory.size(), 4U);
    EXPECT_EQ(state.trainBatchSize, std::nullopt);  // older versions do not write it
    for (const TrainerLogEntry& entry : state.logHistory) {
        EXPECT_THAT(entry.otherValues, ::testing::IsSupersetOf({Pair("memory_allocated (GB)", 42.88),
                                                                Pair("max_memory_allocated (GB)", 74.33),
                                                                Pair("total_memory_available (GB)", 94.62)}));
    }
    EXPECT_EQ(state.logHistory[0].gradNorm, std::nullopt);
    ASSERT_TRUE(state.trainMetrics.has_value());
    EXPECT_EQ(state.trainMetrics->samplesPerSec, 847.7);
    EXPECT_EQ(state.trainMetrics->otherValues.at("max_memory_allocated (GB)"), 74.33);
}

TEST(TrainerState, TakesEveryTopLevelKeyAsOptional) {
    const test::TempDir dir;
    const TrainerState empty = readTrainerState(test::writeFileBytes(dir.file("a.json"), "{}"));
    EXPECT_EQ(empty.globalStep, std::nullopt);
    EXPECT_TRUE(empty.logHistory.empty());
    EXPECT_EQ(empty.trainMetrics, std::nullopt);
    const TrainerState nulls =
        readTrainerState(test::writeFileBytes(dir.file("b.json"), R"({"log_history": null, "global_step": null})"));
    EXPECT_EQ(nulls.globalStep, std::nullopt);
    const TrainerState integralFloat = readTrainerState(
        test::writeFileBytes(dir.file("c.json"), R"({"log_history": [{"step": 20.0, "loss": Infinity}]})"));
    EXPECT_EQ(integralFloat.logHistory[0].step, 20);
    EXPECT_EQ(integralFloat.logHistory[0].loss, std::numeric_limits<double>::infinity());
}

TEST(TrainerState, ReportsMalformedJsonWithFileLineAndColumn) {
    const std::string message =
        errorOf("{\n  \"global_step\": 10,\n  \"log_history\": [\n    {\"loss\": 1.0,}\n  ]\n}\n");
    EXPECT_THAT(message, HasSubstr("trainer_state.json"));
    EXPECT_THAT(message, HasSubstr("line 4"));
    EXPECT_THAT(errorOf(""), HasSubstr("trainer_state.json"));
    EXPECT_THAT(errorOf("{\"loss\": NaNa}"), HasSubstr("line 1"));
}

TEST(TrainerState, ReportsAValueOfTheWrongTypeByKey) {
    EXPECT_THAT(errorOf(R"({"global_step": "100"})"),
                HasSubstr(R"(key "global_step": expected an integer, found string)"));
    EXPECT_THAT(errorOf(R"({"epoch": true})"), HasSubstr(R"(key "epoch": expected a number, found boolean)"));
    EXPECT_THAT(errorOf(R"({"log_history": {"step": 1}})"), HasSubstr(R"(key "log_history": expected an array)"));
    EXPECT_THAT(errorOf(R"({"log_history": [{"step": 1}, 3]})"),
                HasSubstr(R"(key "log_history[1]": expected an object, found number)"));
    EXPECT_THAT(errorOf(R"({"log_history": [{"step": 1}, {"step": 2, "loss": "0.5"}]})"),
                HasSubstr(R"(key "log_history[1].loss": expected a number, found string)"));
    EXPECT_THAT(errorOf(R"({"log_history": [{"step": 10.5}]})"),
                HasSubstr(R"(key "log_history[0].step": expected an integer, found number)"));
    EXPECT_THAT(errorOf(R"({"best_model_checkpoint": 7})"),
                HasSubstr(R"(key "best_model_checkpoint": expected a string, found number)"));
    EXPECT_THAT(errorOf(R"([1, 2])"), HasSubstr("the document: expected an object, found array"));
}

TEST(TrainerState, ReportsAMissingFileByName) {
    try {
        readTrainerState("/nonexistent/trainer_state.json");
        FAIL() << "no error";
    } catch (const InputError& error) {
        EXPECT_THAT(error.what(), HasSubstr("/nonexistent/trainer_state.json"));
    }
}

}  // namespace
}  // namespace bb::trainer_state_test
