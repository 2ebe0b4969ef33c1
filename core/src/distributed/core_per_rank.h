// On a CPU each rank BridgeBench starts (devices=N) is a process of its own with its compute
// threads, and the ranks wait for each other at every all-reduce: with more ranks than the cores
// this process may run on, they take turns on the cores, and the figures measure that, not data
// parallel (devices=64 on a two-core machine started 64 Gloo ranks without a word). Checked
// before a run's row exists, as a GPU per rank is (gpu_per_rank.h).
#pragma once

#include <optional>

#include "bridgebench/run_config.h"
#include "distributed/world.h"

namespace bb {

// world: as for checkGpuPerRank; a launcher's ranks (torchrun, Slurm) are the launcher's to
// place. cores: the CPUs this process may run on. Throws ConfigError naming "devices" when a cpu
// run would start more ranks than that; nothing to check on another device.
void checkCorePerRank(const RunConfig& config, const std::optional<World>& world, int cores);

}  // namespace bb
