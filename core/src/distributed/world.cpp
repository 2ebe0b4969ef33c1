#include "distributed/world.h"

#include <charconv>
#include <cstdlib>

#include <fmt/format.h>

namespace bb {

namespace {

int parseInt(const EnvLookup& env, const std::string& name, int low, int high) {
    const auto text = env(name);
    if (!text) throw WorldError(name, "is not set; a data-parallel launch needs it");
    int value = 0;
    const auto* end = text->data() + text->size();
    const auto [ptr, ec] = std::from_chars(text->data(), end, value);
    if (text->empty() || ec != std::errc() || ptr != end)
        throw WorldError(name, fmt::format("expected an integer, got '{}'", *text));
    if (value < low || value > high)
        throw WorldError(name, fmt::format("must be between {} and {}, got {}", low, high, value));
    return value;
}

std::string required(const EnvLookup& env, const std::string& name, const std::string& why) {
    const auto text = env(name);
    if (!text || text->empty()) throw WorldError(name, "is not set; " + why);
    return *text;
}

World fromTorchrun(const EnvLookup& env) {
    World world;
    world.launcher = "torchrun";
    world.size = parseInt(env, "WORLD_SIZE", 1, 1 << 20);
    world.rank = parseInt(env, "RANK", 0, world.size - 1);
    // torchrun always sets the local pair; a hand-written launch may not, and then each rank
    // is alone on its machine.
    world.localSize = env("LOCAL_WORLD_SIZE") ? parseInt(env, "LOCAL_WORLD_SIZE", 1, world.size) : 1;
    world.localRank = env("LOCAL_RANK") ? parseInt(env, "LOCAL_RANK", 0, world.localSize - 1) : 0;
    world.masterAddr = required(env, "MASTER_ADDR", "rank 0's address, where the rendezvous store listens");
    world.masterPort = parseInt(env, "MASTER_PORT", 1, 65535);
    world.agentStore = env("TORCHELASTIC_USE_AGENT_STORE").value_or("") == "True";
    if (env("TORCHELASTIC_RESTART_COUNT")) world.attempt = parseInt(env, "TORCHELASTIC_RESTART_COUNT", 0, 1 << 20);
    return world;
}

World fromSlurm(const EnvLookup& env) {
    World world;
    world.launcher = "slurm";
    world.size = parseInt(env, "SLURM_NTASKS", 1, 1 << 20);
    world.rank = parseInt(env, "SLURM_PROCID", 0, world.size - 1);
    world.localRank = env("SLURM_LOCALID") ? parseInt(env, "SLURM_LOCALID", 0, world.size - 1) : 0;
    // SLURM_NTASKS_PER_NODE is absent for uneven layouts; the local size only splits cores.
    world.localSize = env("SLURM_NTASKS_PER_NODE") ? parseInt(env, "SLURM_NTASKS_PER_NODE", 1, world.size) : 1;
    if (world.localRank >= world.localSize) world.localSize = world.localRank + 1;
    const std::string why = "the batch script must export rank 0's host (e.g. from scontrol show hostnames)";
    world.masterAddr = required(env, "MASTER_ADDR", why);
    world.masterPort = parseInt(env, "MASTER_PORT", 1, 65535);
    return world;
}

}  // namespace

EnvLookup processEnvironment() {
    return [](const std::string& name) -> std::optional<std::string> {
        const char* value = std::getenv(name.c_str());
        if (!value) return std::nullopt;
        return std::string(value);
    };
}

std::optional<World> worldFromEnvironment(const EnvLookup& env) {
    if (env("RANK") || env("WORLD_SIZE")) return fromTorchrun(env);
    // srun sets SLURM_PROCID for every job step, also a single task: only a world of several
    // tasks, or one the batch script gave a rendezvous, is a data-parallel launch.
    if (env("SLURM_PROCID") && env("SLURM_NTASKS") && (env("MASTER_ADDR") || env("SLURM_NTASKS") != "1"))
        return fromSlurm(env);
    return std::nullopt;
}

std::vector<std::pair<std::string, std::string>> torchrunVariables(const World& world) {
    return {{"RANK", std::to_string(world.rank)},
            {"WORLD_SIZE", std::to_string(world.size)},
            {"LOCAL_RANK", std::to_string(world.localRank)},
            {"LOCAL_WORLD_SIZE", std::to_string(world.localSize)},
            {"MASTER_ADDR", world.masterAddr},
            {"MASTER_PORT", std::to_string(world.masterPort)}};
}

}  // namespace bb
