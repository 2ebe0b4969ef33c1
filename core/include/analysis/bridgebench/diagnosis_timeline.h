// What a run's timeline adds to its diagnosis. The verdict comes from averages (data wait against
// compute); the timeline shows what a reader can check it against: who the training thread waited
// for step after step, how busy each loader worker was ("worker 2 was busy 96% of the recorded
// time"), and a rank that every all-reduce waited for, which per-rank averages hide.
#pragma once

#include "bridgebench/diagnosis.h"
#include "bridgebench/timeline_summary.h"

namespace bb {

// A worker at least this busy over the recorded window is the loader's limit.
inline constexpr double kSaturatedWorkerShare = 0.90;

void addTimelineEvidence(Diagnosis& diagnosis, const TimelineSummary& timeline);

}  // namespace bb
