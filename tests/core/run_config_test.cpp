#include "bridgebench/run_config.h"

#include <gtest/gtest.h>
#include <torch/cuda.h>

#include <fstream>

#include "bridgebench/errors.h"
#include "bridgebench/timeline.h"
#include "support/temp_dir.h"

namespace bb::run_config_test {
namespace {

std::string keyOfError(const std::function<void()>& action) {
    try {
        action();
    } catch (const ConfigError& error) {
        return error.key();
    }
    return "(no error)";
}

TEST(RunConfig, JsonRoundTripKeepsEveryKey) {
    RunConfig config;
    config.name = "x";
    config.steps = 7;
    config.batchSize = 3;
    config.workers = 2;
    config.deviceTransforms = true;
    config.learningRate = 3e-4;
    const auto json = toJson(config);
    EXPECT_EQ(json.size(), runConfigKeys().size());
    const RunConfig back = runConfigFromJson(json);
    EXPECT_EQ(toJson(back), json);
}

TEST(RunConfig, UnknownKeyIsNamed) {
    EXPECT_EQ(keyOfError([] { runConfigFromJson({{"batchsize", 4}}); }), "batchsize");
    RunConfig config;
    EXPECT_EQ(keyOfError([&] { applySetting(config, "stepz", "3"); }), "stepz");
}

TEST(RunConfig, WrongTypeIsNamed) {
    EXPECT_EQ(keyOfError([] { runConfigFromJson({{"steps", "ten"}}); }), "steps");
    EXPECT_EQ(keyOfError([] { runConfigFromJson({{"device_transforms", 1}}); }), "device_transforms");
    RunConfig config;
    EXPECT_EQ(keyOfError([&] { applySetting(config, "batch_size", "8x"); }), "batch_size");
    EXPECT_EQ(keyOfError([&] { applySetting(config, "learning_rate", ""); }), "learning_rate");
}

TEST(RunConfig, SetParsesEachType) {
    RunConfig config;
    applySetting(config, "steps", "12");
    applySetting(config, "learning_rate", "2.5e-4");
    applySetting(config, "device_transforms", "on");
    applySetting(config, "precision", "bf16");
    EXPECT_EQ(config.steps, 12);
    EXPECT_DOUBLE_EQ(config.learningRate, 2.5e-4);
    EXPECT_TRUE(config.deviceTransforms);
    EXPECT_EQ(config.precision, "bf16");
}

TEST(RunConfig, OutOfRangeValuesAreRefusedWithTheirKey) {
    auto invalidKey = [](auto change) {
        RunConfig config;
        change(config);
        return keyOfError([&] { validate(config); });
    };
    EXPECT_EQ(invalidKey([](RunConfig& c) { c.batchSize = 0; }), "batch_size");
    EXPECT_EQ(invalidKey([](RunConfig& c) { c.workers = -1; }), "workers");
    EXPECT_EQ(invalidKey([](RunConfig& c) { c.steps = 0; }), "steps");
    EXPECT_EQ(invalidKey([](RunConfig& c) { c.precision = "fp8"; }), "precision");
    EXPECT_EQ(invalidKey([](RunConfig& c) { c.learningRate = 0; }), "learning_rate");
    EXPECT_EQ(invalidKey([](RunConfig& c) { c.model = "gigantic"; }), "model");
    EXPECT_EQ(invalidKey([](RunConfig& c) { c.device = "tpu"; }), "device");
    EXPECT_EQ(invalidKey([](RunConfig& c) { c.dataset = "/nonexistent/manifest.jsonl"; }), "dataset");
    EXPECT_EQ(invalidKey([](RunConfig& c) { c.optimizerKernel = "apex"; }), "optimizer_kernel");
    EXPECT_EQ(invalidKey([](RunConfig&) {}), "(no error)");
}

// A path component longer than the file system takes made validate() throw
// std::filesystem::filesystem_error ("File name too long") instead of naming the key.
TEST(RunConfig, PathsTheFileSystemRefusesAreMissingFilesOfTheirKey) {
    const std::string tooLong(300, 'a');
    for (const char* key : {"model", "weights", "dataset"}) {
        RunConfig config;
        applySetting(config, key, tooLong);
        EXPECT_EQ(keyOfError([&] { validate(config); }), key);
    }
}

TEST(RunConfig, CudaDeviceIsRefusedWhenTheMachineLacksIt) {
    RunConfig config;
    // Without CUDA any cuda device is refused; with it, one past the last device is.
    config.device = torch::cuda::is_available() ? "cuda:999" : "cuda:0";
    EXPECT_EQ(keyOfError([&] { validate(config); }), "device");
}

TEST(RunConfig, CudaDeviceWithoutCudaSaysWhatIsMissing) {
    if (torch::cuda::is_available()) GTEST_SKIP() << "this build and machine have CUDA";
    RunConfig config;
    config.device = "cuda:0";
    try {
        validate(config);
        FAIL() << "cuda:0 accepted without CUDA";
    } catch (const ConfigError& error) {
        EXPECT_EQ(error.key(), "device");
        EXPECT_NE(std::string(error.what()).find("needs CUDA"), std::string::npos) << error.what();
        EXPECT_NE(std::string(error.what()).find("allowed: cpu"), std::string::npos) << error.what();
    }
}

TEST(RunConfig, Fp16IsRefusedOnTheCpu) {
    RunConfig config;
    config.precision = "fp16";
    try {
        validate(config);
        FAIL() << "fp16 accepted on cpu";
    } catch (const ConfigError& error) {
        EXPECT_EQ(error.key(), "precision");
        EXPECT_NE(std::string(error.what()).find("allowed on cpu: fp32, bf16"), std::string::npos) << error.what();
    }
    config.precision = "bf16";
    EXPECT_NO_THROW(validate(config));
}

TEST(RunConfig, Tf32IsOnByDefaultAndParsed) {
    RunConfig config;
    EXPECT_TRUE(config.tf32);
    EXPECT_TRUE(toJson(config).at("tf32").get<bool>());
    applySetting(config, "tf32", "off");
    EXPECT_FALSE(config.tf32);
    EXPECT_FALSE(runConfigFromJson(toJson(config)).tf32);
    EXPECT_NO_THROW(validate(config));  // meaningless on cpu, not wrong
}

// A path (it has a slash) must exist; a bare soname is left to the dynamic loader.
TEST(RunConfig, NvjpegLibraryPathMustExist) {
    RunConfig config;
    config.nvjpegLibrary = "/nonexistent/libnvjpeg.so.12";
    try {
        validate(config);
        FAIL() << "a missing nvjpeg_library accepted";
    } catch (const ConfigError& error) {
        EXPECT_EQ(error.key(), "nvjpeg_library");
        EXPECT_NE(std::string(error.what()).find("/nonexistent/libnvjpeg.so.12"), std::string::npos);
    }
    config.nvjpegLibrary = "libnvjpeg.so.12";
    EXPECT_NO_THROW(validate(config));
}

TEST(RunConfig, LoadNamesTheFileOnBadJson) {
    test::TempDir dir;
    const auto file = dir.file("broken.json");
    std::ofstream(file) << "{\"steps\": 3,,}";
    try {
        loadRunConfig(file);
        FAIL();
    } catch (const InputError& error) {
        EXPECT_NE(std::string(error.what()).find("broken.json"), std::string::npos);
    }
    const auto wrong = dir.file("wrong.json");
    std::ofstream(wrong) << R"({"workers": "two"})";
    try {
        loadRunConfig(wrong);
        FAIL();
    } catch (const ConfigError& error) {
        EXPECT_EQ(error.key(), "workers");
        EXPECT_NE(std::string(error.what()).find("wrong.json"), std::string::npos);
    }
}

}  // namespace
}  // namespace bb::run_config_test

TEST(TimelineMode, SampledKeepsEveryStepOfTheFirstFiftyAfterWarmupThenOneInFifty) {
    using bb::TimelineMode;
    EXPECT_FALSE(bb::timelineRecordsStep(TimelineMode::Sampled, 2, 3));
    for (std::int64_t step = 3; step < 53; ++step) EXPECT_TRUE(bb::timelineRecordsStep(TimelineMode::Sampled, step, 3));
    EXPECT_FALSE(bb::timelineRecordsStep(TimelineMode::Sampled, 54, 3));
    EXPECT_TRUE(bb::timelineRecordsStep(TimelineMode::Sampled, 103, 3));
    EXPECT_FALSE(bb::timelineRecordsStep(TimelineMode::Sampled, 104, 3));
    std::int64_t kept = 0;
    for (std::int64_t step = 0; step < 100'000; ++step) kept += bb::timelineRecordsStep(TimelineMode::Sampled, step, 3);
    EXPECT_EQ(kept, 2049);  // a 100,000-step run keeps about 2% of its steps
    EXPECT_TRUE(bb::timelineRecordsStep(TimelineMode::All, 0, 3));
    EXPECT_FALSE(bb::timelineRecordsStep(TimelineMode::Off, 10, 3));
    bb::RunConfig config;
    config.timeline = "some";
    try {
        bb::validate(config);
        ADD_FAILURE() << "timeline=some was accepted";
    } catch (const bb::ConfigError& error) {
        EXPECT_EQ(error.key(), "timeline");
    }
}
