// LibTorch's profiler around some training steps, on the calling thread and the threads LibTorch
// hands its work to (autograd's); ops on other threads (loader workers) are not seen. CPU ops
// through RecordFunction, which needs no Kineto; with `cuda`, kernels, copies and memsets on the
// device through Kineto and CUPTI, where this LibTorch has them (profiling/kernel_capture.h).
//
// Thread contract: construct, step() and finish() on one thread; one capture at a time.
#pragma once

#include <chrono>
#include <cstdint>
#include <vector>

#include <ATen/record_function.h>

#include "bridgebench/op_profile.h"

namespace bb {

class OpCapture {
public:
    using Clock = std::chrono::steady_clock;

    // Starts the profiler. `origin`: the timeline's (bridgebench/timeline.h).
    OpCapture(bool cuda, Clock::time_point origin);
    ~OpCapture();  // stops the profiler if finish() was not reached
    OpCapture(const OpCapture&) = delete;
    OpCapture& operator=(const OpCapture&) = delete;

    // Runs `body` (one training step; false: it had no batch to train on) inside a scope the
    // profiler records, which both numbers the step's ops and ties the profiler's clock to ours.
    template <typename Body>
    bool step(std::int64_t step, Body&& body) {
        Anchor anchor{step, Clock::now(), {}, false};
        bool trained = false;
        {
            RECORD_USER_SCOPE(kScopeName);
            anchor.after = Clock::now();
            trained = body();
        }
        anchor.trained = trained;
        m_anchors.push_back(anchor);
        return trained;
    }

    // Stops the profiler; the ops of the steps that trained, on the timeline's clock.
    std::vector<OpEvent> finish(int rank);

    static constexpr const char* kScopeName = "bridgebench::profiled_step";

private:
    struct Anchor {
        std::int64_t step;
        Clock::time_point before;  // just before the scope began
        Clock::time_point after;   // just after
        bool trained;
    };
    Clock::time_point m_origin;
    std::vector<Anchor> m_anchors;
    bool m_running = false;
};

}  // namespace bb
