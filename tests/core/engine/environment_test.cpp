#include "engine/environment.h"

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
}

}  // namespace
}  // namespace bb
