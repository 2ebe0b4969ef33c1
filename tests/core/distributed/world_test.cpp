#include <gtest/gtest.h>

#include <map>

#include "distributed/data_parallel_run.h"
#include "distributed/gradient_buckets.h"
#include "distributed/world.h"

namespace bb {
namespace {

EnvLookup fakeEnv(std::map<std::string, std::string> vars) {
    return [vars = std::move(vars)](const std::string& name) -> std::optional<std::string> {
        const auto it = vars.find(name);
        if (it == vars.end()) return std::nullopt;
        return it->second;
    };
}

TEST(World, NoLauncherVariablesMeansOneProcess) {
    EXPECT_FALSE(worldFromEnvironment(fakeEnv({})).has_value());
    // srun of a single task sets SLURM_PROCID for every job step: not a world by itself.
    EXPECT_FALSE(worldFromEnvironment(fakeEnv({{"SLURM_PROCID", "0"}, {"SLURM_NTASKS", "1"}})).has_value());
}

TEST(World, ReadsTorchrunsVariables) {
    const auto world = worldFromEnvironment(fakeEnv({{"RANK", "3"},
                                                     {"WORLD_SIZE", "16"},
                                                     {"LOCAL_RANK", "3"},
                                                     {"LOCAL_WORLD_SIZE", "8"},
                                                     {"MASTER_ADDR", "node01"},
                                                     {"MASTER_PORT", "29500"},
                                                     {"TORCHELASTIC_USE_AGENT_STORE", "True"},
                                                     {"TORCHELASTIC_RESTART_COUNT", "2"}}));
    ASSERT_TRUE(world);
    EXPECT_EQ(world->rank, 3);
    EXPECT_EQ(world->size, 16);
    EXPECT_EQ(world->localRank, 3);
    EXPECT_EQ(world->localSize, 8);
    EXPECT_EQ(world->masterAddr, "node01");
    EXPECT_EQ(world->masterPort, 29500);
    EXPECT_TRUE(world->agentStore);
    EXPECT_EQ(world->attempt, 2);
    EXPECT_EQ(world->launcher, "torchrun");
}

TEST(World, ReadsSlurmsVariables) {
    const auto world = worldFromEnvironment(fakeEnv({{"SLURM_PROCID", "9"},
                                                     {"SLURM_NTASKS", "16"},
                                                     {"SLURM_LOCALID", "1"},
                                                     {"SLURM_NTASKS_PER_NODE", "8"},
                                                     {"MASTER_ADDR", "10.0.0.1"},
                                                     {"MASTER_PORT", "29400"}}));
    ASSERT_TRUE(world);
    EXPECT_EQ(world->rank, 9);
    EXPECT_EQ(world->size, 16);
    EXPECT_EQ(world->localRank, 1);
    EXPECT_EQ(world->localSize, 8);
    EXPECT_EQ(world->launcher, "slurm");
    EXPECT_FALSE(world->agentStore);
}

TEST(World, AMissingOrBadVariableIsNamed) {
    try {
        worldFromEnvironment(fakeEnv({{"RANK", "0"}, {"WORLD_SIZE", "2"}, {"MASTER_PORT", "29500"}}));
        FAIL() << "MASTER_ADDR is missing";
    } catch (const WorldError& error) {
        EXPECT_EQ(error.key(), "MASTER_ADDR");
    }
    try {
        worldFromEnvironment(fakeEnv({{"RANK", "2"}, {"WORLD_SIZE", "2"}, {"MASTER_ADDR", "h"}, {"MASTER_PORT", "1"}}));
        FAIL() << "rank 2 of 2";
    } catch (const WorldError& error) {
        EXPECT_EQ(error.key(), "RANK");
        EXPECT_NE(std::string(error.what()).find("between 0 and 1"), std::string::npos) << error.what();
    }
    EXPECT_THROW(worldFromEnvironment(
                     fakeEnv({{"RANK", "0"}, {"WORLD_SIZE", "2"}, {"MASTER_ADDR", "h"}, {"MASTER_PORT", "port"}})),
                 WorldError);
}

TEST(World, LocalLaunchHandsTorchrunsVariablesToItsRanks) {
    World world;
    world.rank = 1;
    world.size = 2;
    world.localRank = 1;
    world.localSize = 2;
    world.masterPort = 41000;
    std::map<std::string, std::string> vars;
    for (const auto& [name, value] : torchrunVariables(world)) vars[name] = value;
    const auto back = worldFromEnvironment(fakeEnv(vars));
    ASSERT_TRUE(back);
    EXPECT_EQ(back->rank, 1);
    EXPECT_EQ(back->size, 2);
    EXPECT_EQ(back->masterPort, 41000);
}

TEST(DistributedRun, ConfigDisagreementNamesTheKeyAndTheRanks) {
    RunConfig a;
    RunConfig b;
    EXPECT_EQ(configDisagreement(toJson(a), toJson(b), 1), "");
    b.name = "another name";  // names and thread counts may differ
    b.threads = 3;
    EXPECT_EQ(configDisagreement(toJson(a), toJson(b), 1), "");
    b.batchSize = a.batchSize * 2;
    const std::string message = configDisagreement(toJson(a), toJson(b), 3);
    EXPECT_EQ(message.rfind("batch_size:", 0), 0u) << message;
    EXPECT_NE(message.find("rank 3"), std::string::npos) << message;
    EXPECT_NE(message.find("rank 0"), std::string::npos) << message;
}

TEST(GradientBuckets, ReverseOrderCappedAndOneDtypeEach) {
    std::vector<torch::Tensor> parameters{torch::zeros({100}), torch::zeros({100}), torch::zeros({300}),
                                          torch::zeros({10}, torch::kDouble), torch::zeros({50})};
    const auto buckets = planGradientBuckets(parameters, 800);  // 200 floats
    ASSERT_EQ(buckets.size(), 4u);
    EXPECT_EQ(buckets[0].parameters, (std::vector<std::size_t>{4}));  // 50 floats; 300 more would pass the cap
    EXPECT_EQ(buckets[1].dtype, torch::kDouble);
    EXPECT_EQ(buckets[2].parameters, (std::vector<std::size_t>{2}));  // larger than the cap: alone
    EXPECT_EQ(buckets[3].parameters, (std::vector<std::size_t>{1, 0}));
    EXPECT_EQ(buckets[3].offsets, (std::vector<std::int64_t>{0, 100}));
    EXPECT_EQ(buckets[3].numel, 200);
}

}  // namespace
}  // namespace bb
