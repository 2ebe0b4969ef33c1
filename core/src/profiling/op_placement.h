// From the profiler's events to OpEvents on the timeline: which profiled step each op served,
// its times on the timeline's clock, and nesting that holds on every track. No LibTorch here,
// so that it is tested with events made by hand.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "bridgebench/op_profile.h"

namespace bb {

// An event as the profiler reports it, on its own clock (LibTorch 1.13 reads whole microseconds).
struct ProfiledOp {
    std::string name;
    OpDevice device = OpDevice::Cpu;
    std::int64_t lane = 0;
    std::int64_t beginNs = 0;
    std::int64_t durationNs = 0;
};

// One profiled step: its number and the profiler's record of the scope around it.
struct ProfiledStep {
    std::int64_t step = 0;
    ProfiledOp scope;
};

// `offsetNs`: the timeline's nanoseconds at the profiler's zero (timeline = profiler + offsetNs). Each op goes to the last step that began at or before it (ops before the first step
// are dropped); each step becomes an event named kProfiledStepName. On one track an op that
// outlasts the op it started in ends with it: LibTorch 1.13's readings are whole microseconds, start
// and duration each cut down, so a child can seem to end up to 1 µs after its parent.
std::vector<OpEvent> placeOps(const std::vector<ProfiledOp>& ops, const std::vector<ProfiledStep>& steps,
                              std::int64_t offsetNs, int rank);

}  // namespace bb
