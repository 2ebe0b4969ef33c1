// A diagnostic for the GPU path: with BRIDGEBENCH_CUDA_SYNC_CHECK=1 in the environment, each
// steady step's compute (forward, backward, the all-reduce and the optimizer, after the warm-up
// steps) runs with CUDA's synchronisation check set to error, as torch.cuda.set_sync_debug_mode
// ("error") does in Python. An operation there that makes the host wait for the device (a
// .item(), a copy to the host, nonzero()) then fails the run, naming the operation: the launches
// of a step should run ahead of the device, and a wait among them leaves it idle. The step timer's
// events and the loss read after the step are outside the checked region.
//
// Compiled for real against a CUDA LibTorch (host_sync_check_cuda.cpp); elsewhere the guard does
// nothing.
#pragma once

namespace bb {

// Whether the environment asks for the check.
bool hostSyncCheckRequested();

// Sets the check to error for its lifetime where `on`, and puts back what was set before.
class HostSyncCheck {
public:
    explicit HostSyncCheck(bool on);
    ~HostSyncCheck();
    HostSyncCheck(const HostSyncCheck&) = delete;
    HostSyncCheck& operator=(const HostSyncCheck&) = delete;

private:
    int m_previous = -1;  // the mode before, where this guard set it
};

}  // namespace bb
