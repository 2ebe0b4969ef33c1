// The profile_steps part of a run: after its counted steps, more steps under the profiler
// (op_capture.h), so that its cost is in none of the run's figures.
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <vector>

#include <nlohmann/json.hpp>

#include "bridgebench/op_profile.h"
#include "engine/run_control.h"

namespace bb {

struct ProfiledSteps {
    std::vector<OpEvent> ops;  // rank 0's; empty on other ranks
    // The run summary's "profile": {"steps", "events"}, or {"error"} where the capture failed.
    nlohmann::json summary;
};

struct ProfiledStepsPlan {
    std::int64_t count = 0;      // profile_steps
    std::int64_t firstStep = 0;  // the number the first profiled step gets (after the last counted one)
    bool cuda = false;           // capture the device's kernels too
    int rank = 0;                // rank 0 alone captures
    // One process may stop early when the run is cancelled; data-parallel ranks run every step,
    // since each step's all-reduce needs all of them.
    bool mayStop = true;
};

// `trainStep(step)` runs one step, waiting for the device; false when there was no batch. Never
// throws: a capture that fails costs the run its ops, not its result.
ProfiledSteps runProfiledSteps(const ProfiledStepsPlan& plan, std::chrono::steady_clock::time_point origin,
                               RunControl& control, const std::function<bool(std::int64_t)>& trainStep);

}  // namespace bb
