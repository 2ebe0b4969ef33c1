// The one place where LibTorch 1.13 and 2.x differ for our use of c10d. In 2.0 ProcessGroup
// became a dispatching wrapper and ProcessGroupGloo / ProcessGroupNCCL derive from
// c10d::Backend instead. Both bases expose the same collectives, so the engine holds the
// concrete backends through whichever base this LibTorch has. And 2.4 made TCPStore's libuv
// server the default, which a LibTorch built without libuv (Debian's 2.x) refuses.
#pragma once

#include <torch/version.h>

#include <torch/csrc/distributed/c10d/ProcessGroup.hpp>
#include <torch/csrc/distributed/c10d/Store.hpp>
#include <torch/csrc/distributed/c10d/TCPStore.hpp>
#include <torch/csrc/distributed/c10d/Work.hpp>

#if TORCH_VERSION_MAJOR >= 2
#include <torch/csrc/distributed/c10d/Backend.hpp>
namespace bb {
using CollectiveBackend = c10d::Backend;
}
#else
namespace bb {
using CollectiveBackend = c10d::ProcessGroup;
}
#endif

namespace bb {

// Switches a store's options from the libuv server to the older one, for a retry after the
// libuv one was refused. False where there is nothing to switch: before 2.4 the older server
// was the default, or it is already chosen.
inline bool useStoreWithoutLibuv(c10d::TCPStoreOptions& options) {
#if TORCH_VERSION_MAJOR > 2 || (TORCH_VERSION_MAJOR == 2 && TORCH_VERSION_MINOR >= 4)
    if (!options.useLibUV) return false;
    options.useLibUV = false;
    return true;
#else
    (void)options;
    return false;
#endif
}

// Made by nccl_backend_cuda.cpp; only CUDA builds link it.
c10::intrusive_ptr<CollectiveBackend> makeNcclBackend(const c10::intrusive_ptr<c10d::Store>& store, int rank,
                                                      int size, std::chrono::milliseconds timeout);

}  // namespace bb
