#pragma once

#include <string>

namespace bb {

// Whether this build has the NCCL backend: true where core/CMakeLists.txt compiles
// nccl_backend_cuda.cpp (and defines BB_HAVE_NCCL for nccl_available.cpp), false where it
// compiles nccl_unavailable.cpp.
bool ncclAvailable();

// What a run's `backend` key may be and what `auto` comes to. ncclBuilt is ncclAvailable()
// in production; a parameter so that a CPU-only build can check the choice a CUDA build
// without nccl.h makes.

// Throws ConfigError naming "backend": a value other than auto, gloo or nccl; nccl without a
// cuda device; nccl in a build without NCCL.
void validateBackend(const std::string& backend, const std::string& device, bool ncclBuilt);

// auto: nccl on a cuda device where the build has NCCL, gloo otherwise (Gloo reduces CUDA
// tensors through host copies: slower than NCCL, but the run goes ahead rather than failing
// at the rendezvous). Anything else is returned as it is.
std::string resolveBackend(const std::string& backend, bool cudaDevice, bool ncclBuilt);

// Why auto chose gloo on a cuda device, for the run's environment; empty otherwise.
std::string autoBackendNote(const std::string& requested, bool cudaDevice, bool ncclBuilt);

}  // namespace bb
