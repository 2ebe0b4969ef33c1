#include "engine/environment.h"
#include "engine/model_factory.h"

#include <gtest/gtest.h>

namespace bb {
namespace {

// On a CPU the tf32 key changes nothing, and the record says what the CPU figures came from.
TEST(Environment, RecordsTf32AttentionAndTimingOfACpuRun) {
    RunConfig config;
    ASSERT_TRUE(config.tf32);  // the default, meant for CUDA
    const nlohmann::json env = captureEnvironment(config, 1);
    EXPECT_EQ(env.at("tf32"), false);
    EXPECT_EQ(env.at("attention"), "eager");
    EXPECT_EQ(env.at("step_timing"), "host clock");
    EXPECT_EQ(env.at("host_to_device"), "none");
    EXPECT_EQ(env.at("optimizer"), "AdamW, fused (one pass per float32 parameter)");
    config.optimizerKernel = "foreach";
    EXPECT_EQ(captureEnvironment(config, 1).at("optimizer"), "AdamW, multi-tensor (_foreach ops)");
}

// What the environment says must be what makeBatchSource does: a loader's batches go over on
// the copy stream, synthetic tensors on the training stream. (Only the record: a CUDA run
// itself is tests/cuda's.)
TEST(Environment, NamesTheHostToDevicePathOfACudaRun) {
    RunConfig config;
    config.device = "cuda:0";
    config.dataset = "synthetic";
    EXPECT_EQ(hostToDevicePath(config), "copy stream");
    config.dataset = "synthetic-tensors";
    EXPECT_EQ(hostToDevicePath(config), "training stream");
}

}  // namespace
}  // namespace bb
