// The one place where LibTorch 1.13 and 2.x differ for our use of c10d: in 2.0 ProcessGroup
// became a dispatching wrapper and ProcessGroupGloo / ProcessGroupNCCL derive from
// c10d::Backend instead. Both bases expose the same collectives, so the engine holds the
// concrete backends through whichever base this LibTorch has.
#pragma once

#include <torch/version.h>

#include <torch/csrc/distributed/c10d/ProcessGroup.hpp>
#include <torch/csrc/distributed/c10d/Store.hpp>
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

// Made by nccl_backend_cuda.cpp; only CUDA builds link it.
c10::intrusive_ptr<CollectiveBackend> makeNcclBackend(const c10::intrusive_ptr<c10d::Store>& store, int rank,
                                                      int size, std::chrono::milliseconds timeout);

}  // namespace bb
