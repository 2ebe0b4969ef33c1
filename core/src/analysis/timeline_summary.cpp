#include "bridgebench/timeline_summary.h"

#include <algorithm>
#include <map>

#include <fmt/format.h>

namespace bb {

namespace {

double ms(std::int64_t ns) { return static_cast<double>(ns) / 1e6; }

double median(std::vector<double> values) {
    if (values.empty()) return 0;
    std::sort(values.begin(), values.end());
    const std::size_t mid = values.size() / 2;
    return values.size() % 2 ? values[mid] : (values[mid - 1] + values[mid]) / 2;
}

bool isWait(SpanKind kind) { return kind == SpanKind::DataWait || kind == SpanKind::AllReduceWait; }

// The rank/step's spans, by track.
struct StepSpans {
    std::vector<const TimelineSpan*> main;
    std::map<int, const TimelineSpan*> workerBatch;  // lane → the batch this step used
    std::int64_t backwardEndNs = -1;
    double busyMs = 0;  // data wait + prepare + forward + backward
};

}  // namespace

TimelineSummary summarizeTimeline(const std::vector<TimelineSpan>& spans) {
    TimelineSummary summary;
    summary.spans = static_cast<std::int64_t>(spans.size());
    std::map<std::pair<int, std::int64_t>, StepSpans> steps;  // (rank, step)
    std::map<int, double> workerBusyNs;
    for (const TimelineSpan& span : spans) {
        StepSpans& step = steps[{span.rank, span.step}];
        if (span.track == TimelineTrack::Main) {
            step.main.push_back(&span);
            if (span.kind == SpanKind::Backward) step.backwardEndNs = span.endNs;
            if (span.kind == SpanKind::DataWait || span.kind == SpanKind::HostToDevice ||
                span.kind == SpanKind::DeviceTransform || span.kind == SpanKind::Forward ||
                span.kind == SpanKind::Backward)
                step.busyMs += ms(span.endNs - span.beginNs);
        } else if (span.track == TimelineTrack::Worker && span.kind == SpanKind::Batch) {
            step.workerBatch[span.lane] = &span;
        }
    }

    // Rank 0's busy window: the recorded steps in a row from its first, where workers' busy
    // shares mean something (sampled steps further apart leave gaps nobody recorded).
    std::int64_t windowBegin = -1, windowEnd = -1, previousStep = -2;
    std::vector<double> longestWaits;
    using Waited = TimelineSummary::Waited;
    std::map<std::pair<Waited, int>, std::int64_t> waitedFor;
    for (const auto& [key, step] : steps) {
        const auto [rank, index] = key;
        if (rank != 0 || step.main.empty()) continue;
        ++summary.stepsRecorded;
        const bool contiguous = previousStep < 0 || index == previousStep + 1;
        previousStep = index;
        for (const TimelineSpan* span : step.main) {
            if (windowBegin < 0) windowBegin = span->beginNs;
            if (contiguous) windowEnd = std::max(windowEnd, span->endNs);
        }
        const TimelineSpan* longest = nullptr;
        for (const TimelineSpan* span : step.main)
            if (isWait(span->kind) && (!longest || span->endNs - span->beginNs > longest->endNs - longest->beginNs))
                longest = span;
        if (!longest) continue;
        longestWaits.push_back(ms(longest->endNs - longest->beginNs));
        std::pair<Waited, int> who;
        if (longest->kind == SpanKind::DataWait) {
            if (step.workerBatch.empty()) {
                who = {Waited::OwnLoading, 0};
            } else {
                who = {Waited::Worker, step.workerBatch.begin()->first};
            }
        } else {
            // Every rank's backward end this step: the rank that ended last kept the others waiting.
            int lastRank = -1;
            std::int64_t lastEnd = -1;
            for (const auto& [otherKey, other] : steps)
                if (otherKey.second == index && other.backwardEndNs > lastEnd) {
                    lastEnd = other.backwardEndNs;
                    lastRank = otherKey.first;
                }
            who = lastRank > 0 ? std::pair{Waited::Rank, lastRank} : std::pair{Waited::AllReduce, 0};
        }
        ++waitedFor[who];
    }
    if (!waitedFor.empty()) {
        const auto most = std::max_element(waitedFor.begin(), waitedFor.end(),
                                           [](const auto& a, const auto& b) { return a.second < b.second; });
        summary.waitedForKind = most->first.first;
        summary.waitedForWho = most->first.second;
        switch (summary.waitedForKind) {
        case Waited::Worker: summary.waitedForMost = timelineTrackName(TimelineTrack::Worker, summary.waitedForWho); break;
        case Waited::OwnLoading: summary.waitedForMost = "its own loading (workers 0)"; break;
        case Waited::AllReduce: summary.waitedForMost = "the all-reduce"; break;
        case Waited::Rank: summary.waitedForMost = fmt::format("rank {}", summary.waitedForWho); break;
        case Waited::Nothing: break;
        }
        summary.stepsWaitingForIt = most->second;
        summary.medianLongestWaitMs = median(longestWaits);
    }

    if (windowEnd > windowBegin) {
        for (const TimelineSpan& span : spans) {
            if (span.rank != 0 || span.track != TimelineTrack::Worker || span.kind != SpanKind::Batch) continue;
            const std::int64_t begin = std::max(span.beginNs, windowBegin), end = std::min(span.endNs, windowEnd);
            if (end > begin) workerBusyNs[span.lane] += static_cast<double>(end - begin);
        }
        for (const auto& [lane, busy] : workerBusyNs)
            summary.workers.push_back({lane, busy / static_cast<double>(windowEnd - windowBegin)});
    }

    // Ranks: how late each one's backward ended against the median rank's, step by step.
    std::map<int, std::vector<double>> late, busy;
    std::map<std::int64_t, std::vector<std::pair<int, const StepSpans*>>> byStep;
    for (const auto& [key, step] : steps)
        if (step.backwardEndNs >= 0) byStep[key.second].push_back({key.first, &step});
    for (const auto& [index, ranks] : byStep) {
        if (ranks.size() < 2) continue;
        std::vector<double> ends;
        for (const auto& [rank, step] : ranks) ends.push_back(ms(step->backwardEndNs));
        const double middle = median(ends);
        for (const auto& [rank, step] : ranks) {
            late[rank].push_back(ms(step->backwardEndNs) - middle);
            busy[rank].push_back(step->busyMs);
        }
    }
    for (const auto& [rank, values] : late) summary.ranks.push_back({rank, median(values), median(busy[rank])});
    if (summary.ranks.size() >= 2) {
        for (const auto& candidate : summary.ranks) {
            std::vector<double> others;
            for (const auto& other : summary.ranks)
                if (other.rank != candidate.rank) others.push_back(other.medianBusyMs);
            const double typical = median(others);
            if (typical > 0 && candidate.medianBusyMs > typical * (1 + kStragglerThreshold) &&
                candidate.medianBusyMs / typical - 1 > summary.stragglerSlowerBy) {
                summary.straggler = candidate.rank;
                summary.stragglerSlowerBy = candidate.medianBusyMs / typical - 1;
            }
        }
    }
    return summary;
}

std::vector<std::string> describeTimeline(const TimelineSummary& summary) {
    std::vector<std::string> lines;
    if (summary.spans == 0) return lines;
    lines.push_back(fmt::format("{} spans over {} recorded steps", summary.spans, summary.stepsRecorded));
    if (!summary.waitedForMost.empty())
        lines.push_back(fmt::format("longest wait of the training thread: for {} in {} of {} steps (median {:.3g} ms)",
                                    summary.waitedForMost, summary.stepsWaitingForIt, summary.stepsRecorded,
                                    summary.medianLongestWaitMs));
    if (!summary.workers.empty()) {
        std::string busy;
        bool allBusy = true;
        for (const auto& worker : summary.workers) {
            busy += fmt::format("{}{} {:.0f}%", busy.empty() ? "" : ", ",
                                timelineTrackName(TimelineTrack::Worker, worker.lane), worker.busyShare * 100);
            allBusy = allBusy && worker.busyShare >= 0.9;
        }
        lines.push_back("loader workers busy: " + busy +
                        (allBusy ? " (every worker busy nearly all the time: input-bound)" : ""));
    }
    if (summary.straggler)
        lines.push_back(fmt::format("rank {} is a straggler: its median step before the all-reduce is {:.0f}% slower "
                                    "than the other ranks'",
                                    *summary.straggler, summary.stragglerSlowerBy * 100));
    return lines;
}

}  // namespace bb
