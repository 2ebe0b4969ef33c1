#include "bridgebench/study_runs.h"

#include <map>
#include <utility>

#include "bridgebench/run_comparison.h"

namespace bb {

bool isPublishedFigure(const RunRecord& run) {
    return run.source == "reference" && run.summary.value("headline_only", false);
}

bool isMeasuredReference(const RunRecord& run) { return run.source == "reference" && !isPublishedFigure(run); }

bool ranOnTheEngine(const RunRecord& run) { return run.source == "local" || isMeasuredReference(run); }

std::vector<RunRecord> studyRuns(const std::vector<RunRecord>& runs) {
    // A published table's figures share its date; a measured table's runs each keep the time
    // they ran, so its newest run stands for the table.
    std::string newestPublished;
    std::map<std::string, std::pair<std::string, std::int64_t>> newestMeasured;  // device → (time, study)
    for (const auto& run : runs) {
        if (isPublishedFigure(run)) newestPublished = std::max(newestPublished, run.createdAt);
        if (!isMeasuredReference(run)) continue;
        auto& newest = newestMeasured[runDeviceLabel(run)];
        if (run.createdAt > newest.first) newest = {run.createdAt, run.studyId};
    }
    std::vector<RunRecord> study;
    for (const auto& run : runs)
        if (isPublishedFigure(run) && run.createdAt == newestPublished) study.push_back(run);
    for (const auto& run : runs)
        if (isMeasuredReference(run) && run.studyId == newestMeasured[runDeviceLabel(run)].second)
            study.push_back(run);
    return study;
}

}  // namespace bb
