#include "profiling/op_placement.h"

#include <algorithm>
#include <map>
#include <tuple>

namespace bb {

namespace {

OpEvent placed(const ProfiledOp& op, std::int64_t step, std::int64_t offsetNs, int rank) {
    const std::int64_t begin = op.beginNs + offsetNs;
    return {rank, step, op.name, op.device, op.lane, begin, begin + std::max<std::int64_t>(0, op.durationNs)};
}

// Per track, in order of start (the longer first where two start together): an op that starts
// inside the innermost open op and ends after it is cut to its end.
void nestEachTrack(std::vector<OpEvent>& events) {
    std::map<std::pair<OpDevice, std::int64_t>, std::vector<OpEvent*>> tracks;
    for (OpEvent& event : events) tracks[{event.device, event.lane}].push_back(&event);
    for (auto& [track, list] : tracks) {
        std::stable_sort(list.begin(), list.end(), [](const OpEvent* a, const OpEvent* b) {
            return std::tie(a->beginNs, b->endNs) < std::tie(b->beginNs, a->endNs);
        });
        std::vector<const OpEvent*> open;
        for (OpEvent* event : list) {
            while (!open.empty() && open.back()->endNs <= event->beginNs) open.pop_back();
            if (!open.empty()) event->endNs = std::min(event->endNs, open.back()->endNs);
            open.push_back(event);
        }
    }
}

}  // namespace

std::vector<OpEvent> placeOps(const std::vector<ProfiledOp>& ops, const std::vector<ProfiledStep>& steps,
                              std::int64_t offsetNs, int rank) {
    std::vector<ProfiledStep> ordered = steps;
    std::sort(ordered.begin(), ordered.end(),
              [](const ProfiledStep& a, const ProfiledStep& b) { return a.scope.beginNs < b.scope.beginNs; });
    std::vector<OpEvent> events;
    events.reserve(ops.size() + ordered.size());
    for (const ProfiledStep& step : ordered) {
        events.push_back(placed(step.scope, step.step, offsetNs, rank));
        events.back().name = std::string(kProfiledStepName);
    }
    for (const ProfiledOp& op : ops) {
        const auto after = std::upper_bound(ordered.begin(), ordered.end(), op.beginNs,
                                            [](std::int64_t ns, const ProfiledStep& step) { return ns < step.scope.beginNs; });
        if (after == ordered.begin()) continue;
        events.push_back(placed(op, std::prev(after)->step, offsetNs, rank));
    }
    nestEachTrack(events);
    std::stable_sort(events.begin(), events.end(), [](const OpEvent& a, const OpEvent& b) {
        return std::tie(a.step, a.device, a.lane, a.beginNs, b.endNs) < std::tie(b.step, b.device, b.lane, b.beginNs, a.endNs);
    });
    return events;
}

}  // namespace bb
