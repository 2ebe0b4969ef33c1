#include "distributed/gpu_per_rank.h"

#include <string>

#include "bridgebench/errors.h"
#include "util/cuda_device_name.h"

namespace bb {

namespace {

std::string gpusHere(std::int64_t cudaDevices) {
    if (cudaDevices == 1) return "this machine has one GPU, cuda:0";
    return "this machine has " + std::to_string(cudaDevices) + " GPUs, cuda:0 to cuda:" +
           std::to_string(cudaDevices - 1);
}

}  // namespace

void checkGpuPerRank(const RunConfig& config, const std::optional<World>& world, std::int64_t cudaDevices) {
    if (!namesCudaDevice(config.device)) return;
    if (!world) {
        if (config.devices > cudaDevices)
            throw ConfigError("devices", std::to_string(config.devices) +
                                             " ranks on cuda need a GPU each (rank N trains on cuda:N); " +
                                             gpusHere(cudaDevices));
        return;
    }
    if (world->localRank >= cudaDevices) {
        const std::string variable = world->launcher == "slurm" ? "SLURM_LOCALID" : "LOCAL_RANK";
        throw WorldError(variable, "rank " + std::to_string(world->rank) + " is local rank " +
                                       std::to_string(world->localRank) + " and would train on cuda:" +
                                       std::to_string(world->localRank) + ", which does not exist; " +
                                       gpusHere(cudaDevices));
    }
}

}  // namespace bb
