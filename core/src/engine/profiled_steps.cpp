#include "engine/profiled_steps.h"

#include <optional>

#include <c10/util/Exception.h>

#include "profiling/op_capture.h"

namespace bb {

namespace {

template <typename Body>
std::optional<std::string> failureOf(Body&& body) {
    try {
        body();
    } catch (const c10::Error& error) {
        return error.what_without_backtrace();
    } catch (const std::exception& error) {
        return error.what();
    }
    return std::nullopt;
}

}  // namespace

ProfiledSteps runProfiledSteps(const ProfiledStepsPlan& plan, std::chrono::steady_clock::time_point origin,
                               RunControl& control, const std::function<bool(std::int64_t)>& trainStep) {
    ProfiledSteps out;
    std::optional<OpCapture> capture;
    std::optional<std::string> failure;
    if (plan.rank == 0) failure = failureOf([&] { capture.emplace(plan.cuda, origin); });
    // The other ranks' steps wait in their all-reduces for this rank's: with data parallel the
    // steps run even where the profiler would not start.
    if (failure && plan.mayStop) return {{}, {{"error", *failure}}};
    std::int64_t trained = 0;
    if (const auto stepFailure = failureOf([&] {
            for (std::int64_t i = 0; i < plan.count; ++i) {
                if (plan.mayStop && control.cancelled()) break;
                const std::int64_t step = plan.firstStep + i;
                const bool ran = capture ? capture->step(step, [&] { return trainStep(step); }) : trainStep(step);
                if (!ran) break;
                ++trained;
            }
            if (capture) out.ops = capture->finish(plan.rank);
        }))
        failure = stepFailure;
    if (failure) return {{}, {{"error", *failure}}};
    std::int64_t events = 0;
    for (const OpEvent& op : out.ops) events += op.name != kProfiledStepName;
    out.summary = {{"steps", trained}, {"events", events}};
    return out;
}

}  // namespace bb
