#include "engine/step_timer.h"

#include "engine/host_step_timer.h"

namespace bb {

std::unique_ptr<StepTimer> makeStepTimer(const torch::Device& device) {
    if (device.is_cuda()) return makeCudaEventStepTimer(device);
    return std::make_unique<HostStepTimer>(device);
}

}  // namespace bb
