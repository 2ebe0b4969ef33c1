#include "config/backend_choice.h"

#include "bridgebench/errors.h"
#include "util/cuda_device_name.h"

namespace bb {

void validateBackend(const std::string& backend, const std::string& device, bool ncclBuilt) {
    if (backend != "auto" && backend != "gloo" && backend != "nccl")
        throw ConfigError("backend", "'" + backend + "' is not one of auto, gloo, nccl");
    if (backend != "nccl") return;
    if (!namesCudaDevice(device)) throw ConfigError("backend", "nccl needs a cuda device (allowed on cpu: auto, gloo)");
    if (!ncclBuilt)
        throw ConfigError("backend", "nccl: this build has no NCCL (its LibTorch lacks CUDA, or nccl.h was not found "
                                     "when it was built; see BB_NCCL_INCLUDE_DIR); allowed here: auto, gloo");
}

std::string resolveBackend(const std::string& backend, bool cudaDevice, bool ncclBuilt) {
    if (backend != "auto") return backend;
    return cudaDevice && ncclBuilt ? "nccl" : "gloo";
}

std::string autoBackendNote(const std::string& requested, bool cudaDevice, bool ncclBuilt) {
    if (requested != "auto" || !cudaDevice || ncclBuilt) return {};
    return "backend auto chose gloo on a cuda device: this build has no NCCL, so gradients go through host copies";
}

}  // namespace bb
