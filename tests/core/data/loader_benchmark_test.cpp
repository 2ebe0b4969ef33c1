#include "bridgebench/loader_benchmark.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "bridgebench/errors.h"
#include "data_test_support.h"

namespace bb {
namespace {

TEST(LoaderBenchmark, MeasuresEveryCombinationInOrder) {
    test::TempDir dir;
    test::makeSyntheticSet(dir.path(), 16, 64, 48);
    LoaderBenchmarkOptions options;
    options.workers = {0, 2};
    options.batchSize = 4;
    options.imageSizePx = 32;
    options.warmupBatches = 1;
    int callbacks = 0;
    const auto results = runLoaderBenchmark(dir.path(), options, [&](const LoaderBenchmarkResult&) { ++callbacks; });
    ASSERT_EQ(results.size(), 4U);
    EXPECT_EQ(callbacks, 4);
    EXPECT_EQ(results[1].workers, 0);
    EXPECT_TRUE(results[1].deviceTransforms);
    EXPECT_EQ(results[2].workers, 2);
    for (const LoaderBenchmarkResult& result : results) {
        EXPECT_EQ(result.batches, 4);  // one epoch
        EXPECT_EQ(result.images, 16);
        EXPECT_GT(result.imagesPerSec, 0);
        EXPECT_GT(result.decodeMs, 0);
        EXPECT_EQ(result.transformMs > 0, !result.deviceTransforms);
        EXPECT_GT(result.deviceTransformMs, 0);
        EXPECT_FALSE(result.deviceDecoding);
        EXPECT_EQ(result.decoder, "turbojpeg");
    }
    const nlohmann::json json = results[0];
    for (const char* key : {"workers", "device_transforms", "device_decoding", "decoder", "interpolation", "images_per_s", "read_ms", "decode_ms",
                            "transform_ms", "collate_ms", "device_transform_ms", "wait_ms"}) {
        EXPECT_TRUE(json.contains(key)) << key;
    }
}

TEST(LoaderBenchmark, RejectsInvalidOptionsNamingThem) {
    LoaderBenchmarkOptions options;
    options.interpolation = "nearest";
    try {
        validate(options);
        FAIL() << "expected ConfigError";
    } catch (const ConfigError& error) {
        EXPECT_EQ(error.key(), "interpolation");
    }
    options.interpolation = "bicubic";
    options.device = "tpu:3";
    EXPECT_THROW(validate(options), ConfigError);
    options.device = "cpu";
    options.workers = {};
    EXPECT_THROW(validate(options), ConfigError);
}

TEST(LoaderBenchmark, DeviceDecodingNeedsACudaDeviceAndDeviceTransforms) {
    LoaderBenchmarkOptions options;
    options.deviceDecoding = {false, true};
    try {
        validate(options);
        FAIL() << "expected ConfigError";
    } catch (const ConfigError& error) {
        EXPECT_EQ(error.key(), "device_decoding");
        EXPECT_NE(std::string(error.what()).find("'cpu'"), std::string::npos) << error.what();
    }
    options.deviceTransforms = {false};
    try {
        validate(options);
        FAIL() << "expected ConfigError";
    } catch (const ConfigError& error) {
        EXPECT_EQ(error.key(), "device_decoding");
        EXPECT_NE(std::string(error.what()).find("device_transforms"), std::string::npos) << error.what();
    }
    options.deviceTransforms = {false, true};
    options.deviceDecoding = {false};
    EXPECT_NO_THROW(validate(options));
}

}  // namespace
}  // namespace bb
