#include "profiling/kernel_capture.h"

#include <algorithm>

#include <torch/torch.h>

#include "profiling/op_capture.h"

namespace bb {

bool cudaKernelCaptureAvailable(const torch::Device& device) {
    OpCapture capture(true, OpCapture::Clock::now());
    capture.step(0, [&] {
        const torch::Tensor ones = torch::ones({1024}, torch::TensorOptions().device(device));
        (ones * 2).sum().item<float>();  // waits for the device, so that its kernels are reported
        return true;
    });
    const std::vector<OpEvent> events = capture.finish(0);
    return std::any_of(events.begin(), events.end(), [](const OpEvent& event) { return event.device == OpDevice::Cuda; });
}

}  // namespace bb
