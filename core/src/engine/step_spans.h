// The training thread's spans of one step, from the phases its step timer measured, laid end
// to end from the moment the batch arrived. On a CPU the phases are host clock readings, so
// the spans are where the time went; on CUDA they are the events' device times placed on the
// host's time axis from the batch's arrival (the device may run behind the host's launches).
#pragma once

#include <chrono>
#include <cstdint>

#include "engine/step_timer.h"
#include "timeline/timeline_recorder.h"

namespace bb {

// Returns where the last span ended.
TimelineRecorder::Clock::time_point recordStepSpans(TimelineRecorder& recorder, std::int64_t step, TimelineRecorder::Clock::time_point began,
                     TimelineRecorder::Clock::time_point loaded, const StepPhaseTimes& times,
                     bool deviceTransforms, bool allReduce);

}  // namespace bb
