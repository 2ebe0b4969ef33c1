// Device work on the timeline's host clock. CUDA events give where work ran on the device, as
// milliseconds between two events; the timeline is kept on the host's steady clock. An anchor
// event, recorded on a stream and waited for at once, ties the two: the host reads its clock
// right after the device passed the anchor (within the synchronisation's latency, some
// microseconds), and any later timed event lies at that reading plus the device time since.
// cudaEventElapsedTime returns a float of milliseconds, resolved to about half a microsecond:
// a quarter of a millisecond an hour after the anchor, which places spans of a step well
// enough; durations between two nearby events keep the finer resolution.
//
// Included only by _cuda.cpp sources (a CUDA LibTorch). Thread contract: hostTime() from any
// thread once the anchor is made; the events it reads must be complete.
#pragma once

#include <chrono>

#include <ATen/cuda/CUDAEvent.h>
#include <c10/cuda/CUDAStream.h>

#include "timeline/timeline_recorder.h"

namespace bb {

class DeviceClock {
public:
    using Clock = TimelineRecorder::Clock;

    // Records the anchor on `stream` and waits for the device to pass it.
    explicit DeviceClock(const c10::cuda::CUDAStream& stream) : m_anchor(cudaEventDefault) {
        m_anchor.record(stream);
        m_anchor.synchronize();
        m_host = Clock::now();
    }

    // `event`: recorded with timing (cudaEventDefault) on the anchor's device, after it, and done.
    Clock::time_point hostTime(const at::cuda::CUDAEvent& event) const {
        const std::chrono::duration<double, std::milli> since(m_anchor.elapsed_time(event));
        return m_host + std::chrono::duration_cast<Clock::duration>(since);
    }

private:
    at::cuda::CUDAEvent m_anchor;
    Clock::time_point m_host;
};

}  // namespace bb
