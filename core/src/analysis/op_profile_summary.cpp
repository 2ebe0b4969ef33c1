#include <algorithm>
#include <map>
#include <set>
#include <tuple>

#include "bridgebench/op_profile.h"

namespace bb {

OpProfileSummary summarizeOps(const std::vector<OpEvent>& events, std::size_t top) {
    OpProfileSummary summary;
    std::set<std::int64_t> steps;
    std::map<std::pair<std::string, OpDevice>, OpTotal> totals;
    for (const OpEvent& event : events) {
        const double ms = static_cast<double>(event.endNs - event.beginNs) / 1e6;
        if (event.name == kProfiledStepName) {
            if (event.rank == 0 && steps.insert(event.step).second) summary.stepsMs += ms;
            continue;
        }
        ++summary.events;
        OpTotal& total = totals[{event.name, event.device}];
        total.name = event.name;
        total.device = event.device;
        ++total.calls;
        total.totalMs += ms;
    }
    summary.steps = static_cast<std::int64_t>(steps.size());
    for (auto& [key, total] : totals) {
        total.share = summary.stepsMs > 0 ? total.totalMs / summary.stepsMs : 0;
        summary.top.push_back(std::move(total));
    }
    std::sort(summary.top.begin(), summary.top.end(), [](const OpTotal& a, const OpTotal& b) {
        return std::tie(b.totalMs, a.name, a.device) < std::tie(a.totalMs, b.name, b.device);
    });
    if (summary.top.size() > top) summary.top.resize(top);
    return summary;
}

}  // namespace bb
