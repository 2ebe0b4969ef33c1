// See host_sync_check.h. Compiled only against a CUDA LibTorch.
#include "engine/host_sync_check.h"

#include <cstdlib>
#include <cstring>

#include <c10/cuda/CUDAFunctions.h>

namespace bb {

bool hostSyncCheckRequested() {
    const char* value = std::getenv("BRIDGEBENCH_CUDA_SYNC_CHECK");
    return value != nullptr && std::strcmp(value, "1") == 0;
}

HostSyncCheck::HostSyncCheck(bool on) {
    if (!on) return;
    auto& state = c10::cuda::warning_state();
    m_previous = static_cast<int>(state.get_sync_debug_mode());
    state.set_sync_debug_mode(c10::cuda::SyncDebugMode::L_ERROR);
}

HostSyncCheck::~HostSyncCheck() {
    if (m_previous >= 0) c10::cuda::warning_state().set_sync_debug_mode(static_cast<c10::cuda::SyncDebugMode>(m_previous));
}

}  // namespace bb
