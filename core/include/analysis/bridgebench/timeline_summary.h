// What a run's timeline says in words (bridgebench/timeline.h), for `show` and the reports:
// in each recorded step the training thread's longest wait and who it waited for (a loader
// worker still building the batch, its own loading with workers 0, the all-reduce, a late
// rank), how busy each loader worker was, and a rank that arrives late at every all-reduce.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "bridgebench/timeline.h"

namespace bb {

struct TimelineSummary {
    std::int64_t spans = 0;
    std::int64_t stepsRecorded = 0;  // rank 0's steps with spans on its training thread
    // The most common answer to "what did the training thread wait for longest in this step",
    // over the recorded steps: "worker 2", "its own loading (workers 0)", "the all-reduce",
    // "rank 3" (the all-reduce, waiting for a rank whose backward ended last).
    std::string waitedForMost;
    // The same as a kind and a number, for a window that words it in its own language.
    enum class Waited { Nothing, Worker, OwnLoading, AllReduce, Rank };
    Waited waitedForKind = Waited::Nothing;
    int waitedForWho = 0;  // the worker's lane (0: "worker 1") or the rank
    std::int64_t stepsWaitingForIt = 0;
    double medianLongestWaitMs = 0;
    // Per loader worker of rank 0: the share of the recorded window it spent building batches.
    struct Worker {
        int lane = 0;
        double busyShare = 0;
    };
    std::vector<Worker> workers;
    // Data parallel: per rank, the median over recorded steps of how much later its backward
    // ended than the median rank's.
    struct Rank {
        int rank = 0;
        double medianLateMs = 0;
        double medianBusyMs = 0;  // data wait + compute up to the all-reduce, per step
    };
    std::vector<Rank> ranks;
    // A rank whose median busy time per step is over 10% above the median of the others'.
    std::optional<int> straggler;
    double stragglerSlowerBy = 0;  // 0.25: 25% slower
};

TimelineSummary summarizeTimeline(const std::vector<TimelineSpan>& spans);
// Sentences for `show` and the reports; empty when there are no spans.
std::vector<std::string> describeTimeline(const TimelineSummary& summary);

inline constexpr double kStragglerThreshold = 0.10;

}  // namespace bb
