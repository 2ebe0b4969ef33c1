// Where one training step's time went, measured behind one seam so that the trainer reads the
// same phases on every device: host clocks on a CPU (HostStepTimer), CUDA events recorded on
// the training stream on a GPU (event_step_timer_cuda.cpp), read once per step.
//
// Thread contract: one timer per training thread, used from that thread only. Call order per
// step: begin(), then mark() once for each StepMark in declaration order, then read(). A call
// out of that order is a bug and throws std::logic_error.
#pragma once

#include <memory>
#include <string_view>

#include <torch/types.h>

namespace bb {

enum class StepMark {
    Loaded,      // the batch is on the host (data wait ends)
    Copied,      // host-to-device copy and device transforms queued (prepare() returned)
    Forwarded,   // forward and loss queued
    Backwarded,  // backward queued
    Reduced,     // gradient all-reduce waited for (data parallel; at once for one process)
    Finished,    // optimizer step queued; the step's last device work
};

// Milliseconds. dataWait is host time (blocked on the loader); the device phases are what the
// device spent between the marks; wall is host time from begin() to the end of read(). The
// phases add up to wall on a host timer; on CUDA events they can add up to less (launch gaps).
struct StepPhaseTimes {
    double dataWaitMs = 0;
    double prepareMs = 0;    // Loaded → Copied
    double forwardMs = 0;    // Copied → Forwarded
    double backwardMs = 0;   // Forwarded → Backwarded
    double reduceMs = 0;     // Backwarded → Reduced
    double optimizerMs = 0;  // Reduced → Finished, and for a host timer up to read()
    double wallMs = 0;
};

class StepTimer {
public:
    virtual ~StepTimer() = default;
    virtual void begin() = 0;
    virtual void mark(StepMark mark) = 0;
    // After mark(Finished) and after the caller has read the step's results (the loss). Waits
    // for the device's work up to Finished.
    virtual StepPhaseTimes read() = 0;
    // For the run's environment: "host clock" or "cuda events".
    virtual std::string_view method() const noexcept = 0;
};

// CUDA devices get CUDA events, everything else the host clock.
std::unique_ptr<StepTimer> makeStepTimer(const torch::Device& device);

// The event timer; defined by event_step_timer_cuda.cpp in CUDA builds. A build without CUDA
// throws std::logic_error (validation refuses cuda devices there first).
std::unique_ptr<StepTimer> makeCudaEventStepTimer(const torch::Device& device);

}  // namespace bb
