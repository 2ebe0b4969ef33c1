#include "distributed/gpu_per_rank.h"

#include <gtest/gtest.h>

#include "bridgebench/errors.h"

namespace bb::gpu_per_rank_test {
namespace {

RunConfig onCuda(std::int64_t devices) {
    RunConfig config;
    config.device = "cuda:0";
    config.devices = devices;
    return config;
}

World launched(const std::string& launcher, int rank, int localRank) {
    World world;
    world.launcher = launcher;
    world.rank = rank;
    world.size = 16;
    world.localRank = localRank;
    world.localSize = 8;
    return world;
}

std::string refusal(const RunConfig& config, const std::optional<World>& world, std::int64_t gpus) {
    try {
        checkGpuPerRank(config, world, gpus);
    } catch (const ConfigError& error) {
        return error.key() + ": " + error.what();
    }
    return "";
}

// devices=2 on a one-GPU machine (the lent H200) started a second rank on cuda:1, after the
// run's row existed. The GPU count is a parameter: this CPU build checks what a CUDA one decides.
TEST(GpuPerRank, TheLocalLauncherNeedsAGpuForEachRank) {
    const std::string refused = refusal(onCuda(2), std::nullopt, 1);
    EXPECT_EQ(refused.rfind("devices: ", 0), 0u) << refused;
    EXPECT_NE(refused.find("2 ranks on cuda need a GPU each"), std::string::npos) << refused;
    EXPECT_NE(refused.find("one GPU, cuda:0"), std::string::npos) << refused;
    EXPECT_NE(refusal(onCuda(9), std::nullopt, 8).find("8 GPUs, cuda:0 to cuda:7"), std::string::npos);
    EXPECT_EQ(refusal(onCuda(8), std::nullopt, 8), "");
    EXPECT_EQ(refusal(onCuda(1), std::nullopt, 1), "");
    RunConfig cpu = onCuda(4);
    cpu.device = "cpu";
    EXPECT_EQ(refusal(cpu, std::nullopt, 0), "");
}

// Under torchrun or Slurm `devices` is not used: the launcher's local rank picks the GPU.
TEST(GpuPerRank, ALaunchersLocalRankWithoutAGpuIsNamedByItsVariable) {
    const std::string torchrun = refusal(onCuda(1), launched("torchrun", 11, 3), 2);
    EXPECT_EQ(torchrun.rfind("LOCAL_RANK: ", 0), 0u) << torchrun;
    EXPECT_NE(torchrun.find("rank 11 is local rank 3"), std::string::npos) << torchrun;
    EXPECT_NE(torchrun.find("cuda:3"), std::string::npos) << torchrun;
    EXPECT_EQ(refusal(onCuda(1), launched("slurm", 3, 3), 2).rfind("SLURM_LOCALID: ", 0), 0u);
    EXPECT_EQ(refusal(onCuda(64), launched("torchrun", 9, 1), 2), "") << "devices is not used under a launcher";
}

}  // namespace
}  // namespace bb::gpu_per_rank_test
