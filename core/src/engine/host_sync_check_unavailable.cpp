// host_sync_check_cuda.cpp instead where LibTorch has CUDA (core/CMakeLists.txt picks one): without
// a GPU there is no device for the host to wait for.
#include "engine/host_sync_check.h"

namespace bb {

bool hostSyncCheckRequested() { return false; }

HostSyncCheck::HostSyncCheck(bool /*on*/) {}

HostSyncCheck::~HostSyncCheck() = default;

}  // namespace bb
