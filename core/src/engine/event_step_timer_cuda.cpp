// Phase times from CUDA events recorded on the training stream (the current stream of the
// run's device, where LibTorch queues the step's kernels). Recording an event does not wait, so
// the step runs as it would untimed; read() waits once, for the last event, and reads the
// elapsed times between consecutive events. Compiled only against a CUDA LibTorch.
//
// at::cuda::CUDAEvent: ATen/cuda/CUDAEvent.h declares it in 1.13 and 2.x; recent releases moved
// the class to c10/cuda/CUDAEvent.h, which that header includes.
#include <ATen/cuda/CUDAEvent.h>
#include <c10/cuda/CUDAStream.h>
#include <cuda_runtime_api.h>

#include <chrono>
#include <stdexcept>
#include <vector>

#include "engine/host_step_timer.h"
#include "engine/step_timer.h"

namespace bb {

namespace {

constexpr int kEventMarks = 6;

class EventStepTimer final : public StepTimer {
public:
    explicit EventStepTimer(torch::Device device) : m_device(device) {
        // CUDAEvent's default flags disable timing; elapsed_time needs it on.
        m_events.reserve(kEventMarks);
        for (int i = 0; i < kEventMarks; ++i) m_events.emplace_back(cudaEventDefault);
    }

    void begin() override {
        m_next = 0;
        m_begin = Clock::now();
    }

    void mark(StepMark mark) override {
        checkStepMarkOrder(m_next, mark);
        // Loaded is recorded too: it opens the prepare phase on the device's timeline. The
        // data wait itself is host time (the batch was not yet there to queue anything).
        if (mark == StepMark::Loaded) m_loaded = Clock::now();
        m_events[static_cast<std::size_t>(mark)].record(c10::cuda::getCurrentCUDAStream(m_device.index()));
        ++m_next;
    }

    StepPhaseTimes read() override {
        if (m_next != kEventMarks) throw std::logic_error("StepTimer::read before mark(Finished)");
        m_next = -1;
        // Events complete in stream order: once the last has, every earlier one has too.
        m_events[kEventMarks - 1].synchronize();
        const auto end = Clock::now();
        const auto between = [&](StepMark from, StepMark to) {
            return static_cast<double>(
                m_events[static_cast<std::size_t>(from)].elapsed_time(m_events[static_cast<std::size_t>(to)]));
        };
        StepPhaseTimes times;
        times.dataWaitMs = std::chrono::duration<double, std::milli>(m_loaded - m_begin).count();
        times.prepareMs = between(StepMark::Loaded, StepMark::Copied);
        times.forwardMs = between(StepMark::Copied, StepMark::Forwarded);
        times.backwardMs = between(StepMark::Forwarded, StepMark::Backwarded);
        times.reduceMs = between(StepMark::Backwarded, StepMark::Reduced);
        times.optimizerMs = between(StepMark::Reduced, StepMark::Finished);
        times.wallMs = std::chrono::duration<double, std::milli>(end - m_begin).count();
        return times;
    }

    std::string_view method() const noexcept override { return "cuda events"; }

private:
    using Clock = std::chrono::steady_clock;
    torch::Device m_device;
    std::vector<at::cuda::CUDAEvent> m_events;  // indexed by StepMark
    Clock::time_point m_begin;
    Clock::time_point m_loaded;
    int m_next = -1;
};

}  // namespace

std::unique_ptr<StepTimer> makeCudaEventStepTimer(const torch::Device& device) {
    return std::make_unique<EventStepTimer>(device);
}

}  // namespace bb
