// On a cuda device each rank trains on cuda:LOCAL_RANK (data_parallel_run.cpp): a machine needs a
// GPU for each rank it runs. Checked before a run's row exists, so that `devices=2` on a one-GPU
// machine is refused naming the key, rather than starting a rank that fails on a device ordinal
// the machine lacks, after the run was recorded.
#pragma once

#include <cstdint>
#include <optional>

#include "bridgebench/run_config.h"
#include "distributed/world.h"

namespace bb {

// world: worldFromEnvironment()'s answer (torchrun or Slurm started this process), or nullopt
// (BridgeBench starts `devices` ranks itself). cudaDevices: torch::cuda::device_count() in
// production; a parameter so that a CPU-only build checks it. Nothing to check off cuda.
// Throws ConfigError naming "devices" for the local launcher, WorldError naming LOCAL_RANK or
// SLURM_LOCALID for a launcher's rank.
void checkGpuPerRank(const RunConfig& config, const std::optional<World>& world, std::int64_t cudaDevices);

}  // namespace bb
