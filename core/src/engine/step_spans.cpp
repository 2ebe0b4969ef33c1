#include "engine/step_spans.h"

namespace bb {

TimelineRecorder::Clock::time_point recordStepSpans(TimelineRecorder& recorder, std::int64_t step, TimelineRecorder::Clock::time_point began,
                     TimelineRecorder::Clock::time_point loaded, const StepPhaseTimes& times,
                     bool deviceTransforms, bool allReduce) {
    using Clock = TimelineRecorder::Clock;
    recorder.add(TimelineTrack::Main, 0, SpanKind::DataWait, step, began, loaded);
    const struct {
        SpanKind kind;
        double ms;
    } phases[] = {
        {deviceTransforms ? SpanKind::DeviceTransform : SpanKind::HostToDevice, times.prepareMs},
        {SpanKind::Forward, times.forwardMs},
        {SpanKind::Backward, times.backwardMs},
        {SpanKind::AllReduceWait, times.reduceMs},
        {SpanKind::Optimizer, times.optimizerMs},
    };
    Clock::time_point at = loaded;
    for (const auto& phase : phases) {
        const auto length = std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double, std::milli>(phase.ms));
        // A phase that took no time (no all-reduce for one process, no copy on a CPU) is no span.
        if (length.count() <= 0 || (phase.kind == SpanKind::AllReduceWait && !allReduce)) continue;
        recorder.add(TimelineTrack::Main, 0, phase.kind, step, at, at + length);
        at += length;
    }
    return at;
}

}  // namespace bb
