#include "distributed/core_per_rank.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "bridgebench/errors.h"

namespace bb::core_per_rank_test {
namespace {

using ::testing::HasSubstr;

RunConfig onCpu(std::int64_t devices) {
    RunConfig config;
    config.device = "cpu";
    config.devices = devices;
    return config;
}

// devices=64 on a two-core machine started 64 Gloo ranks, each waiting for a core.
TEST(CorePerRank, TheLocalLauncherStartsNoMoreRanksThanTheCores) {
    try {
        checkCorePerRank(onCpu(64), std::nullopt, 2);
        FAIL() << "64 ranks on 2 cores were let through";
    } catch (const ConfigError& error) {
        EXPECT_EQ(error.key(), "devices");
        EXPECT_THAT(error.what(), HasSubstr("64 ranks on cpu"));
        EXPECT_THAT(error.what(), HasSubstr("2 cores"));
        EXPECT_THAT(error.what(), HasSubstr("at most 2 here"));
    }
    EXPECT_NO_THROW(checkCorePerRank(onCpu(2), std::nullopt, 2));
    EXPECT_NO_THROW(checkCorePerRank(onCpu(1), std::nullopt, 1));
}

TEST(CorePerRank, ALaunchersRanksAndOtherDevicesAreNotItsToPlace) {
    World world;
    world.launcher = "torchrun";
    world.size = 8;
    world.localSize = 8;
    EXPECT_NO_THROW(checkCorePerRank(onCpu(1), world, 2));
    RunConfig cuda = onCpu(4);
    cuda.device = "cuda:0";
    EXPECT_NO_THROW(checkCorePerRank(cuda, std::nullopt, 2));
    EXPECT_NO_THROW(checkCorePerRank(onCpu(64), std::nullopt, 0)) << "cores unreadable: nothing to hold it against";
}

}  // namespace
}  // namespace bb::core_per_rank_test
