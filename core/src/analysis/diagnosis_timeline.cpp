#include "bridgebench/diagnosis_timeline.h"

#include <algorithm>

#include <fmt/format.h>

namespace bb {

namespace {

Note waitedFor(const TimelineSummary& timeline) {
    using Waited = TimelineSummary::Waited;
    const bool byNumber = timeline.waitedForKind == Waited::Worker || timeline.waitedForKind == Waited::Rank;
    // Workers are counted from 1 where a user reads them, as the timeline's tracks are named.
    const int who = timeline.waitedForKind == Waited::Worker ? timeline.waitedForWho + 1 : timeline.waitedForWho;
    return {Note::Kind::TimelineWaitedFor,
            {static_cast<double>(timeline.waitedForKind), static_cast<double>(byNumber ? who : 0),
             static_cast<double>(timeline.stepsWaitingForIt), static_cast<double>(timeline.stepsRecorded),
             timeline.medianLongestWaitMs},
            fmt::format("in {} of {} recorded steps the training thread waited longest for {} (median {:.3g} ms)",
                        timeline.stepsWaitingForIt, timeline.stepsRecorded, timeline.waitedForMost,
                        timeline.medianLongestWaitMs)};
}

}  // namespace

void addTimelineEvidence(Diagnosis& diagnosis, const TimelineSummary& timeline) {
    if (timeline.spans == 0) return;
    if (timeline.waitedForKind != TimelineSummary::Waited::Nothing) diagnosis.evidence.push_back(waitedFor(timeline));
    if (!timeline.workers.empty()) {
        const auto busiest = std::max_element(timeline.workers.begin(), timeline.workers.end(),
                                              [](const auto& a, const auto& b) { return a.busyShare < b.busyShare; });
        const int number = busiest->lane + 1;
        const double percent = busiest->busyShare * 100;
        if (busiest->busyShare >= kSaturatedWorkerShare)
            diagnosis.evidence.push_back(
                {Note::Kind::TimelineWorkerSaturated, {static_cast<double>(number), percent},
                 fmt::format("worker {} was busy {:.0f}% of the recorded time: the loader could not get ahead of "
                             "the training thread",
                             number, percent)});
        else
            diagnosis.evidence.push_back(
                {Note::Kind::TimelineWorkersKeptAhead, {static_cast<double>(number), percent},
                 fmt::format("the busiest loader worker, worker {}, was busy {:.0f}% of the recorded time: the "
                             "workers kept ahead of the training thread",
                             number, percent)});
    }
    if (timeline.straggler) {
        diagnosis.stragglerRank = *timeline.straggler;
        const double percent = timeline.stragglerSlowerBy * 100;
        diagnosis.evidence.push_back(
            {Note::Kind::TimelineStraggler, {static_cast<double>(*timeline.straggler), percent},
             fmt::format("rank {} is a straggler: its median step up to the all-reduce took {:.0f}% longer than the "
                         "other ranks', and every all-reduce waits for the last rank",
                         *timeline.straggler, percent)});
    }
}

}  // namespace bb
