// The CPU-only LibTorch has no NCCL, nor a CUDA build made without nccl.h: the nccl backend is
// refused at validation, and this is the link-time stand-in that says so should a caller get
// past it. A CUDA build with the header compiles nccl_backend_cuda.cpp instead (core/CMakeLists.txt
// picks one).
#include "config/backend_choice.h"
#include "distributed/c10d_compat.h"

#include "bridgebench/errors.h"

namespace bb {

c10::intrusive_ptr<CollectiveBackend> makeNcclBackend(const c10::intrusive_ptr<c10d::Store>&, int, int,
                                                      std::chrono::milliseconds) {
    throw ConfigError("backend",
                      "nccl needs a build with NCCL: a LibTorch built with CUDA, and nccl.h where this was built; "
                      "this build has no NCCL");
}

}  // namespace bb
