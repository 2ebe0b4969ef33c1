#include "profiling/op_capture.h"

#include <algorithm>
#include <limits>
#include <set>

#include <fmt/format.h>
#include <torch/csrc/autograd/profiler_kineto.h>

#include "bridgebench/errors.h"

#include "profiling/op_placement.h"
#include "util/torch_compat.h"

namespace bb {

namespace {

namespace profiler = torch::autograd::profiler;
using torch::profiler::impl::ActivityType;
using torch::profiler::impl::ProfilerConfig;
using torch::profiler::impl::ProfilerState;

// libkineto::ActivityType's values, whose header Debian does not ship; the first six have kept
// their numbers in every Kineto since 2021.
constexpr std::uint8_t kCpuOp = 0;
constexpr std::uint8_t kUserAnnotation = 1;
constexpr std::uint8_t kGpuMemcpy = 3;
constexpr std::uint8_t kGpuMemset = 4;
constexpr std::uint8_t kKernel = 5;

std::set<ActivityType> activities(bool cuda) {
    std::set<ActivityType> wanted{ActivityType::CPU};
    if (cuda) wanted.insert(ActivityType::CUDA);
    return wanted;
}

std::int64_t nsSince(OpCapture::Clock::time_point origin, OpCapture::Clock::time_point at) {
    return std::chrono::duration_cast<std::chrono::nanoseconds>(at - origin).count();
}

}  // namespace

// Only the state's name and the activities: ProfilerConfig's other arguments differ between
// LibTorch 1.13 and 2.x, and their defaults (no shapes, memory, stacks or FLOPs) are what is wanted.
OpCapture::OpCapture(bool cuda, Clock::time_point origin) : m_origin(origin) {
    const ProfilerConfig config(ProfilerState::KINETO);
    profiler::prepareProfiler(config, activities(cuda));
    profiler::enableProfiler(config, activities(cuda));
    m_running = true;
}

OpCapture::~OpCapture() {
    if (!m_running) return;
    try {
        profiler::disableProfiler();
    } catch (const std::exception&) {
        // Nothing captured is kept; the run's steps are not affected.
    }
}

std::vector<OpEvent> OpCapture::finish(int rank) {
    m_running = false;
    const std::unique_ptr<profiler::ProfilerResult> result = profiler::disableProfiler();
    std::vector<ProfiledOp> ops;
    std::vector<ProfiledOp> scopes;
    for (const profiler::KinetoEvent& event : result->events()) {
        const std::uint8_t activity = event.activityType();
        ProfiledOp op{event.name(), OpDevice::Cpu, 0, compat::profiledStartNs(event), compat::profiledDurationNs(event)};
        if (activity == kUserAnnotation && op.name == kScopeName) {
            op.lane = static_cast<std::int64_t>(event.startThreadId());
            scopes.push_back(std::move(op));
        } else if (event.deviceType() == c10::DeviceType::CUDA &&
                   (activity == kKernel || activity == kGpuMemcpy || activity == kGpuMemset)) {
            op.device = OpDevice::Cuda;
            op.lane = event.deviceResourceId();
            ops.push_back(std::move(op));
        } else if (activity == kCpuOp && event.deviceType() == c10::DeviceType::CPU) {
            op.lane = static_cast<std::int64_t>(event.startThreadId());
            ops.push_back(std::move(op));
        }
    }
    // The k-th scope the profiler recorded is the k-th step run.
    std::sort(scopes.begin(), scopes.end(), [](const ProfiledOp& a, const ProfiledOp& b) { return a.beginNs < b.beginNs; });
    if (scopes.size() != m_anchors.size())
        throw Error(fmt::format("the profiler recorded {} of the {} profiled steps", scopes.size(), m_anchors.size()));
    // The profiler's clock (the wall clock, in LibTorch 1.13 and 2.x) is tied to the
    // timeline's steady clock where the scope began: between two steady readings taken around
    // its start, so that the tie holds whatever clock the profiler reads. The narrowest pair
    // of the steps gives the offset; it holds for the few seconds of the capture unless the
    // wall clock is stepped meanwhile.
    std::int64_t offsetNs = 0;
    std::int64_t narrowest = std::numeric_limits<std::int64_t>::max();
    std::vector<ProfiledStep> steps;
    // A step with no batch to train on (the source ran dry) ends the capture where it began.
    std::int64_t endNs = std::numeric_limits<std::int64_t>::max();
    for (std::size_t i = 0; i < scopes.size(); ++i) {
        const Anchor& anchor = m_anchors[i];
        const std::int64_t width = nsSince(anchor.before, anchor.after);
        if (width < narrowest) {
            narrowest = width;
            const std::int64_t middle = nsSince(m_origin, anchor.before) + width / 2;
            offsetNs = middle - scopes[i].beginNs;
        }
        if (!anchor.trained) {
            endNs = std::min(endNs, scopes[i].beginNs);
            continue;
        }
        steps.push_back({anchor.step, scopes[i]});
    }
    std::vector<ProfiledOp> kept;
    kept.reserve(ops.size());
    for (auto& op : ops)
        if (op.beginNs < endNs) kept.push_back(std::move(op));
    return placeOps(kept, steps, offsetNs, rank);
}

}  // namespace bb
