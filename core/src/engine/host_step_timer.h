// The step timer of a CPU device: steady-clock readings at each mark, as the trainer has always
// taken them. On a CUDA device (a fallback, or to compare with events) each device mark first
// synchronises the device, which stalls the queue: event_step_timer_cuda.cpp avoids that.
#pragma once

#include <array>
#include <chrono>

#include "engine/step_timer.h"

namespace bb {

class HostStepTimer final : public StepTimer {
public:
    explicit HostStepTimer(torch::Device device) : m_device(device) {}
    void begin() override;
    void mark(StepMark mark) override;
    StepPhaseTimes read() override;
    std::string_view method() const noexcept override { return "host clock"; }

private:
    using Clock = std::chrono::steady_clock;
    torch::Device m_device;
    Clock::time_point m_begin;
    std::array<Clock::time_point, 6> m_marks{};  // indexed by StepMark
    int m_next = -1;  // the StepMark expected next; -1 before begin()
};

// Throws std::logic_error unless `mark` is the one expected after `next` (-1: begin() missing).
void checkStepMarkOrder(int next, StepMark mark);

}  // namespace bb
