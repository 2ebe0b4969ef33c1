// What a timeline adds to a diagnosis, from spans laid out as the engine lays them: a straggler
// rank that per-rank averages hide, a worker that was the loader's limit, and who the training
// thread waited for.
#include "bridgebench/diagnosis_timeline.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

namespace bb::diagnosis_timeline_test {
namespace {

constexpr std::int64_t kMs = 1'000'000;

// `steps` steps of one rank: a data wait, forward and backward of `computeMs`, then the
// all-reduce wait until every rank's backward has ended at `stepMs`.
void addRank(std::vector<TimelineSpan>& spans, int rank, int steps, double computeMs, double stepMs) {
    for (int step = 0; step < steps; ++step) {
        const std::int64_t begin = static_cast<std::int64_t>(step * stepMs * kMs);
        const std::int64_t forwardEnd = begin + kMs + static_cast<std::int64_t>(computeMs / 2 * kMs);
        const std::int64_t backwardEnd = forwardEnd + static_cast<std::int64_t>(computeMs / 2 * kMs);
        spans.push_back({rank, TimelineTrack::Main, 0, SpanKind::DataWait, step, begin, begin + kMs});
        spans.push_back({rank, TimelineTrack::Main, 0, SpanKind::Forward, step, begin + kMs, forwardEnd});
        spans.push_back({rank, TimelineTrack::Main, 0, SpanKind::Backward, step, forwardEnd, backwardEnd});
        const std::int64_t end = begin + static_cast<std::int64_t>(stepMs * kMs);
        if (end > backwardEnd) spans.push_back({rank, TimelineTrack::Main, 0, SpanKind::AllReduceWait, step, backwardEnd, end});
    }
}

bool says(const Diagnosis& diagnosis, Note::Kind kind, const std::string& words) {
    return std::any_of(diagnosis.evidence.begin(), diagnosis.evidence.end(), [&](const Note& note) {
        return note.kind == kind && note.text.find(words) != std::string::npos;
    });
}

TEST(DiagnosisTimeline, NamesTheRankEveryAllReduceWaitedFor) {
    std::vector<TimelineSpan> spans;
    addRank(spans, 0, 20, 40, 60);
    addRank(spans, 1, 20, 41, 60);
    addRank(spans, 2, 20, 55, 60);  // 34% longer up to the all-reduce
    addRank(spans, 3, 20, 40, 60);
    Diagnosis diagnosis;
    addTimelineEvidence(diagnosis, summarizeTimeline(spans));
    ASSERT_TRUE(diagnosis.stragglerRank.has_value());
    EXPECT_EQ(*diagnosis.stragglerRank, 2);
    EXPECT_TRUE(says(diagnosis, Note::Kind::TimelineStraggler, "rank 2 is a straggler")) << diagnosis.evidence.size();
    // Rank 0 waited in the all-reduce for rank 2, step after step.
    EXPECT_TRUE(says(diagnosis, Note::Kind::TimelineWaitedFor, "20 of 20 recorded steps"));
    EXPECT_TRUE(says(diagnosis, Note::Kind::TimelineWaitedFor, "for rank 2"));
}

TEST(DiagnosisTimeline, RanksWithinTenPercentHaveNoStraggler) {
    std::vector<TimelineSpan> spans;
    addRank(spans, 0, 20, 40, 60);
    addRank(spans, 1, 20, 43, 60);
    Diagnosis diagnosis;
    addTimelineEvidence(diagnosis, summarizeTimeline(spans));
    EXPECT_FALSE(diagnosis.stragglerRank.has_value());
    EXPECT_FALSE(says(diagnosis, Note::Kind::TimelineStraggler, "straggler"));
}

TEST(DiagnosisTimeline, AWorkerBusyAllTheTimeIsTheLoadersLimit) {
    std::vector<TimelineSpan> spans;
    addRank(spans, 0, 10, 11, 12);  // no all-reduce: one process
    // Worker 1 builds every batch back to back (100% busy); worker 2 half the time.
    for (int step = 0; step < 10; ++step) {
        spans.push_back({0, TimelineTrack::Worker, 0, SpanKind::Batch, step, step * 12 * kMs, (step + 1) * 12 * kMs});
        spans.push_back({0, TimelineTrack::Worker, 1, SpanKind::Batch, 100 + step, step * 12 * kMs, step * 12 * kMs + 6 * kMs});
    }
    Diagnosis diagnosis;
    addTimelineEvidence(diagnosis, summarizeTimeline(spans));
    EXPECT_TRUE(says(diagnosis, Note::Kind::TimelineWorkerSaturated, "worker 1 was busy 100% of the recorded time"));
    EXPECT_TRUE(says(diagnosis, Note::Kind::TimelineWaitedFor, "waited longest for worker 1"));

    std::vector<TimelineSpan> relaxed;
    addRank(relaxed, 0, 10, 11, 12);
    for (int step = 0; step < 10; ++step)
        relaxed.push_back({0, TimelineTrack::Worker, 0, SpanKind::Batch, step, step * 12 * kMs, step * 12 * kMs + 3 * kMs});
    Diagnosis ahead;
    addTimelineEvidence(ahead, summarizeTimeline(relaxed));
    EXPECT_TRUE(says(ahead, Note::Kind::TimelineWorkersKeptAhead, "worker 1, was busy 25%"));
}

TEST(DiagnosisTimeline, NoSpansAddNothing) {
    Diagnosis diagnosis;
    addTimelineEvidence(diagnosis, summarizeTimeline({}));
    EXPECT_TRUE(diagnosis.evidence.empty());
    EXPECT_FALSE(diagnosis.stragglerRank.has_value());
}

}  // namespace
}  // namespace bb::diagnosis_timeline_test
