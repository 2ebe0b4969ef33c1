// A LibTorch without CUDA has no events to record; validation refuses cuda devices in such a
// build, so reaching this is a bug. CUDA builds compile event_step_timer_cuda.cpp instead.
#include <stdexcept>

#include "engine/step_timer.h"

namespace bb {

std::unique_ptr<StepTimer> makeCudaEventStepTimer(const torch::Device& device) {
    throw std::logic_error("CUDA event timing asked for " + device.str() + " in a build whose LibTorch has no CUDA");
}

}  // namespace bb
