#include "engine/step_timer.h"

#include <gtest/gtest.h>
#include <torch/cuda.h>

#include <ATen/ATen.h>

namespace bb {
namespace {

TEST(EventStepTimerCuda, DeviceWorkLandsInItsPhase) {
    if (!torch::cuda::is_available()) GTEST_SKIP() << "no CUDA device (or a LibTorch without CUDA)";
    const torch::Device device("cuda:0");
    const auto timer = makeStepTimer(device);
    ASSERT_EQ(timer->method(), "cuda events");
    const at::Tensor a = at::randn({4096, 4096}, at::TensorOptions().device(device));
    for (int step = 0; step < 2; ++step) {
        timer->begin();
        timer->mark(StepMark::Loaded);
        timer->mark(StepMark::Copied);
        at::Tensor b = a;
        for (int i = 0; i < 10; ++i) b = at::mm(b, a) / 4096.0;  // queued, not waited for
        timer->mark(StepMark::Forwarded);
        timer->mark(StepMark::Backwarded);
        timer->mark(StepMark::Reduced);
        timer->mark(StepMark::Finished);
        const StepPhaseTimes times = timer->read();
        EXPECT_GT(times.forwardMs, 0);
        EXPECT_GT(times.forwardMs, times.prepareMs + times.backwardMs + times.reduceMs + times.optimizerMs);
        // The device phases happened within the host's view of the step.
        EXPECT_LE(times.prepareMs + times.forwardMs + times.backwardMs + times.reduceMs + times.optimizerMs,
                  times.wallMs + 0.01);
    }
}

}  // namespace
}  // namespace bb
