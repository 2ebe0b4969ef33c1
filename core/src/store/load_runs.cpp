#include "bridgebench/load_runs.h"

namespace bb {

std::vector<RunData> loadRuns(ResultStore& store, const std::vector<RunRecord>& runs, bool withTimeline,
                              bool withSteps) {
    const auto tags = store.allTags();
    std::vector<RunData> loaded;
    loaded.reserve(runs.size());
    for (const auto& run : runs) {
        RunData data{run, withSteps ? store.steps(run.id) : std::vector<StepMetrics>{}, {}, {}};
        if (withTimeline) data.timeline = store.timeline(run.id);
        if (const auto found = tags.find(run.id); found != tags.end()) data.tags = found->second;
        loaded.push_back(std::move(data));
    }
    return loaded;
}

}  // namespace bb
