#include "engine/run_memory_estimate.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "bridgebench/errors.h"
#include "engine/model_factory.h"
#include "engine/run_memory_check.h"

namespace bb {
namespace {

using ::testing::HasSubstr;

RunConfig configOf(const std::string& model, std::int64_t batch) {
    RunConfig config;
    config.model = model;
    config.batchSize = batch;
    config.textLength = resolveTextLength(config);
    return config;
}

// Everything but the loss's batch x batch matrices grows with the batch in proportion; the
// model's state does not grow at all.
TEST(RunMemoryEstimate, GrowsLinearlyWithTheBatchBesideTheModelState) {
    for (const std::string model : {"mini-clip", "tiny", "base"}) {
        SCOPED_TRACE(model);
        const RunMemoryEstimate one = estimateRunMemory(configOf(model, 16));
        const RunMemoryEstimate two = estimateRunMemory(configOf(model, 32));
        EXPECT_GT(one.parameters, 0);
        EXPECT_EQ(two.modelStateBytes, one.modelStateBytes);
        EXPECT_EQ(one.modelStateBytes, one.parameters * 16);
        EXPECT_NEAR(static_cast<double>(two.activationBytes), 2.0 * static_cast<double>(one.activationBytes), 2.0);
        EXPECT_NEAR(static_cast<double>(two.batchBytes), 2.0 * static_cast<double>(one.batchBytes), 2.0);
        EXPECT_NEAR(static_cast<double>(two.similarityBytes), 4.0 * static_cast<double>(one.similarityBytes), 4.0);
        EXPECT_GT(two.totalBytes(), one.totalBytes());
    }
}

// Sanity against what is known of the models: mini-clip is about 70,000 parameters; base
// is the published 326M-parameter checkpoint's trunk (model_info.h counts it); its activations per
// sample are hundreds of MB in fp32, as a ViT-B/16 at 288 px and a RoBERTa-base take.
TEST(RunMemoryEstimate, FiguresAreOfTheSizeTheModelsHave) {
    const RunMemoryEstimate mini = estimateRunMemory(configOf("mini-clip", 8));
    EXPECT_GT(mini.parameters, 60'000);
    EXPECT_LT(mini.parameters, 100'000);
    EXPECT_LT(mini.totalBytes(), 32 << 20);  // a default run takes a few MB beside LibTorch itself

    const RunMemoryEstimate base = estimateRunMemory(configOf("base", 1));
    EXPECT_GT(base.parameters, 200'000'000);
    EXPECT_LT(base.parameters, 400'000'000);
    EXPECT_GT(base.activationBytes, 100LL << 20);
    EXPECT_LT(base.activationBytes, 2LL << 30);

    RunConfig halves = configOf("base", 1);
    halves.precision = "bf16";
    EXPECT_LT(estimateRunMemory(halves).activationBytes, base.activationBytes);
    EXPECT_EQ(estimateRunMemory(halves).modelStateBytes, base.parameters * 18);
}

// batch_size=65536 on mini-clip was accepted and died at 4.4 GB in LibTorch's words: its loss
// alone builds 65536 x 65536 matrices.
TEST(RunMemoryCheck, RefusesABatchThatCannotFitNamingTheEstimateAndTheMemory) {
    const RunConfig config = configOf("mini-clip", 65'536);
    EXPECT_GT(estimateRunMemory(config).totalBytes(), 100LL << 30);
    try {
        checkRunFitsMemory(config, {8LL << 30, "MemAvailable in /proc/meminfo"});
        FAIL() << "not refused";
    } catch (const ConfigError& error) {
        EXPECT_EQ(error.key(), "batch_size");
        EXPECT_THAT(error.what(), HasSubstr("batch_size: 65536 needs an estimated 1"));
        EXPECT_THAT(error.what(), HasSubstr("GiB of memory"));
        EXPECT_THAT(error.what(), HasSubstr("but cpu has 8.0 GiB available (MemAvailable in /proc/meminfo)"));
        EXPECT_THAT(error.what(), HasSubstr("or less would fit"));
    }
    // The batch it names does fit, and the next one does not.
    const std::string what = [&] {
        try {
            checkRunFitsMemory(config, {8LL << 30, "test"});
        } catch (const ConfigError& error) {
            return std::string(error.what());
        }
        return std::string();
    }();
    const auto at = what.find(". batch_size ");
    ASSERT_NE(at, std::string::npos) << what;
    const std::int64_t fitting = std::stoll(what.substr(at + 13));
    EXPECT_NO_THROW(checkRunFitsMemory(configOf("mini-clip", fitting), {8LL << 30, "test"}));
    EXPECT_THROW(checkRunFitsMemory(configOf("mini-clip", fitting + 1), {8LL << 30, "test"}), ConfigError);

    EXPECT_NO_THROW(checkRunFitsMemory(configOf("mini-clip", 8), {8LL << 30, "test"}));
}

TEST(RunMemoryCheck, SaysSoWhenNotEvenOneSampleFits) {
    try {
        checkRunFitsMemory(configOf("base", 4), {64LL << 20, "the free memory of cuda:0"});
        FAIL() << "not refused";
    } catch (const ConfigError& error) {
        EXPECT_THAT(error.what(), HasSubstr("Not even batch_size 1 fits"));
    }
}

}  // namespace
}  // namespace bb
