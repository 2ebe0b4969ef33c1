#include "engine/host_step_timer.h"

#include <gtest/gtest.h>

#include <cmath>

#include <ATen/ATen.h>

namespace bb {
namespace {

void markAll(StepTimer& timer) {
    for (const StepMark mark : {StepMark::Loaded, StepMark::Copied, StepMark::Forwarded, StepMark::Backwarded,
                                StepMark::Reduced, StepMark::Finished})
        timer.mark(mark);
}

TEST(StepTimer, CpuDevicesGetTheHostClock) {
    const auto timer = makeStepTimer(torch::Device("cpu"));
    EXPECT_EQ(timer->method(), "host clock");
}

TEST(HostStepTimer, PhasesAddUpToTheWallTime) {
    HostStepTimer timer(torch::kCPU);
    for (int step = 0; step < 2; ++step) {  // a timer is reused step after step
        timer.begin();
        markAll(timer);
        const StepPhaseTimes times = timer.read();
        for (const double ms : {times.dataWaitMs, times.prepareMs, times.forwardMs, times.backwardMs, times.reduceMs,
                                times.optimizerMs})
            EXPECT_GE(ms, 0);
        EXPECT_NEAR(times.dataWaitMs + times.prepareMs + times.forwardMs + times.backwardMs + times.reduceMs +
                        times.optimizerMs,
                    times.wallMs, 1e-9);
    }
}

// Work done between two marks is counted in the phase those marks bound, and only there.
TEST(HostStepTimer, WorkLandsInItsPhase) {
    HostStepTimer timer(torch::kCPU);
    const at::Tensor a = at::randn({256, 256});
    timer.begin();
    timer.mark(StepMark::Loaded);
    timer.mark(StepMark::Copied);
    double sum = 0;
    for (int i = 0; i < 20; ++i) sum += at::mm(a, a).sum().item<double>();
    timer.mark(StepMark::Forwarded);
    timer.mark(StepMark::Backwarded);
    timer.mark(StepMark::Reduced);
    timer.mark(StepMark::Finished);
    const StepPhaseTimes times = timer.read();
    EXPECT_TRUE(std::isfinite(sum));
    EXPECT_GT(times.forwardMs, 0);
    EXPECT_GT(times.forwardMs, times.prepareMs);
    EXPECT_GT(times.forwardMs, times.backwardMs);
}

TEST(HostStepTimer, RefusesMarksOutOfOrder) {
    HostStepTimer timer(torch::kCPU);
    EXPECT_THROW(timer.mark(StepMark::Loaded), std::logic_error);  // before begin()
    timer.begin();
    timer.mark(StepMark::Loaded);
    EXPECT_THROW(timer.mark(StepMark::Forwarded), std::logic_error);  // Copied skipped
    EXPECT_THROW(timer.read(), std::logic_error);                     // Finished not reached
}

}  // namespace
}  // namespace bb
