#include "bridgebench/study_runs.h"

#include <map>
#include <utility>

#include "bridgebench/run_comparison.h"

namespace bb {

std::string peerOf(const RunRecord& run) {
    return run.origin == RunOrigin::MeasuredReference ? run.environment.measuredWith : std::string();
}

std::string peerConfiguration(const RunRecord& run) {
    return peerOf(run).empty() ? std::string() : run.environment.peerConfiguration;
}

bool isPeerReference(const RunRecord& run) { return !peerOf(run).empty(); }

bool isPublishedFigure(const RunRecord& run) { return run.origin == RunOrigin::PublishedFigure; }

bool isMeasuredReference(const RunRecord& run) { return run.origin == RunOrigin::MeasuredReference; }

bool ranOnTheEngine(const RunRecord& run) {
    return run.origin == RunOrigin::Engine || (isMeasuredReference(run) && !isPeerReference(run));
}

std::vector<RunRecord> studyRuns(const std::vector<RunRecord>& runs) {
    // A published table's figures share its date; a measured table's runs each keep the time
    // they ran, so its newest run stands for the table.
    std::string newestPublished;
    // (device, measurer) → (time, study): BridgeBench's table and a peer's of one device stand side by side.
    std::map<std::pair<std::string, std::string>, std::pair<std::string, std::int64_t>> newestMeasured;
    const auto measurer = [](const RunRecord& run) { return std::make_pair(runDeviceLabel(run), peerOf(run)); };
    for (const auto& run : runs) {
        if (isPublishedFigure(run)) newestPublished = std::max(newestPublished, run.createdAt);
        if (!isMeasuredReference(run)) continue;
        auto& newest = newestMeasured[measurer(run)];
        if (run.createdAt > newest.first) newest = {run.createdAt, run.studyId};
    }
    std::vector<RunRecord> study;
    for (const auto& run : runs)
        if (isPublishedFigure(run) && run.createdAt == newestPublished) study.push_back(run);
    for (const auto& run : runs)
        if (isMeasuredReference(run) && run.studyId == newestMeasured[measurer(run)].second)
            study.push_back(run);
    return study;
}

}  // namespace bb
