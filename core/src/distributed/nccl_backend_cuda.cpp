// NCCL for data parallel on CUDA. Compiled only against a CUDA LibTorch (core/CMakeLists.txt).
#include <torch/csrc/distributed/c10d/ProcessGroupNCCL.hpp>

#include "config/backend_choice.h"
#include "distributed/c10d_compat.h"

namespace bb {

c10::intrusive_ptr<CollectiveBackend> makeNcclBackend(const c10::intrusive_ptr<c10d::Store>& store, int rank,
                                                      int size, std::chrono::milliseconds timeout) {
    auto options = c10d::ProcessGroupNCCL::Options::create();
    options->timeout = timeout;
    return c10::make_intrusive<c10d::ProcessGroupNCCL>(store, rank, size, options);
}

}  // namespace bb
