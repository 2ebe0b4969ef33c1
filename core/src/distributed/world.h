// Who this process is in a data-parallel run: its rank, the world's size and where the
// rendezvous is. Taken from torchrun's or Slurm's environment, or made up by the local
// launcher for `devices=N`. Plain values; nothing here opens a socket.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>

#include "bridgebench/errors.h"

namespace bb {

struct World {
    int rank = 0;
    int size = 1;
    int localRank = 0;
    int localSize = 1;
    std::string masterAddr = "127.0.0.1";
    int masterPort = 0;
    // "torchrun", "slurm" or "local" (started by BridgeBench itself).
    std::string launcher = "local";
    // torchrun's agent already serves the TCPStore at MASTER_ADDR:MASTER_PORT
    // (TORCHELASTIC_USE_AGENT_STORE=True): every rank connects as a client.
    bool agentStore = false;
    // TORCHELASTIC_RESTART_COUNT: keys of an earlier attempt in the agent's store stay apart.
    int attempt = 0;

    bool distributed() const { return size > 1; }
};

// A malformed or incomplete launch environment: a missing variable, a rank outside the world.
// what() names the variable. The CLI exits 2 on it, as on a ConfigError.
class WorldError : public ConfigError {
public:
    WorldError(std::string variable, std::string detail) : ConfigError(std::move(variable), std::move(detail)) {}
};

using EnvLookup = std::function<std::optional<std::string>(const std::string&)>;
// The process's own environment.
EnvLookup processEnvironment();

// std::nullopt when neither torchrun's (RANK, WORLD_SIZE, ...) nor Slurm's (SLURM_PROCID,
// SLURM_NTASKS, ...) variables describe a world; a World otherwise. Throws WorldError naming
// the variable when one is missing or out of range. torchrun's variables win over Slurm's.
std::optional<World> worldFromEnvironment(const EnvLookup& env);

// The variables a child rank started by the local launcher gets (torchrun's names).
std::vector<std::pair<std::string, std::string>> torchrunVariables(const World& world);

}  // namespace bb
