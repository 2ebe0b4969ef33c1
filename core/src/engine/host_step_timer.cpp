#include "engine/host_step_timer.h"

#include <stdexcept>
#include <string>

#include <torch/cuda.h>

namespace bb {

namespace {

constexpr int kMarks = 6;

double msBetween(std::chrono::steady_clock::time_point from, std::chrono::steady_clock::time_point to) {
    return std::chrono::duration<double, std::milli>(to - from).count();
}

}  // namespace

void checkStepMarkOrder(int next, StepMark mark) {
    if (next < 0) throw std::logic_error("StepTimer::mark before begin()");
    if (static_cast<int>(mark) != next)
        throw std::logic_error("StepTimer::mark out of order: got mark " + std::to_string(static_cast<int>(mark)) +
                               ", expected " + std::to_string(next));
}

void HostStepTimer::begin() {
    m_next = 0;
    m_begin = Clock::now();
}

void HostStepTimer::mark(StepMark mark) {
    checkStepMarkOrder(m_next, mark);
    // Host clocks only measure device work once the device has finished it. Loading is host
    // work; the wait for the all-reduce already blocked; the optimizer's end is read by read()
    // after the caller's loss.item() has waited for the device.
    if (m_device.is_cuda() && (mark == StepMark::Copied || mark == StepMark::Forwarded || mark == StepMark::Backwarded))
        torch::cuda::synchronize(m_device.index());
    if (mark != StepMark::Finished) m_marks[static_cast<std::size_t>(mark)] = Clock::now();
    ++m_next;
}

StepPhaseTimes HostStepTimer::read() {
    if (m_next != kMarks) throw std::logic_error("StepTimer::read before mark(Finished)");
    const auto end = Clock::now();
    m_next = -1;
    const auto at = [&](StepMark mark) { return m_marks[static_cast<std::size_t>(mark)]; };
    StepPhaseTimes times;
    times.dataWaitMs = msBetween(m_begin, at(StepMark::Loaded));
    times.prepareMs = msBetween(at(StepMark::Loaded), at(StepMark::Copied));
    times.forwardMs = msBetween(at(StepMark::Copied), at(StepMark::Forwarded));
    times.backwardMs = msBetween(at(StepMark::Forwarded), at(StepMark::Backwarded));
    times.reduceMs = msBetween(at(StepMark::Backwarded), at(StepMark::Reduced));
    times.optimizerMs = msBetween(at(StepMark::Reduced), end);
    times.wallMs = msBetween(m_begin, end);
    return times;
}

}  // namespace bb
