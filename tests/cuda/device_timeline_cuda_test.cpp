// The timeline's device tracks on a GPU (issue 51): each recorded step's batch, copied on the
// copy stream, is one span on the copy track, and with device decoding each batch's nvJPEG
// decode is one span on the nvJPEG track, both placed on the host's clock from CUDA events.
#include <gtest/gtest.h>
#include <torch/cuda.h>

#include <algorithm>
#include <map>
#include <set>
#include <vector>

#include "bridgebench/run_observer.h"
#include "bridgebench/timeline.h"
#include "data/nvjpeg_library.h"
#include "engine/run_control.h"
#include "engine/trainer.h"
#include "tiny_cuda_run.h"

namespace bb::device_timeline_cuda_test {
namespace {

struct Spans final : RunObserver {
    std::vector<TimelineSpan> all;
    void step(const StepMetrics& /*metrics*/) override {}
    void finished(const RunOutcome& /*outcome*/) override {}
    void timeline(const std::vector<TimelineSpan>& spans) override { all.insert(all.end(), spans.begin(), spans.end()); }
};

std::map<std::int64_t, int> countPerStep(const std::vector<TimelineSpan>& spans, TimelineTrack track, SpanKind kind) {
    std::map<std::int64_t, int> counts;
    for (const TimelineSpan& span : spans)
        if (span.track == track && span.kind == kind) ++counts[span.step];
    return counts;
}

TEST(DeviceTimelineCuda, EachRecordedStepHasItsCopyAndItsDeviceDecode) {
    if (!torch::cuda::is_available()) GTEST_SKIP() << "no CUDA device (or a LibTorch without CUDA)";
    RunConfig config = test::tinyLoaderRunOnCuda(/*deviceTransforms=*/true, 10, 2);
    config.timeline = "all";
    Spans observer;
    RunControl control;
    const TrainerResult result = train(config, observer, control);
    ASSERT_EQ(result.status, RunStatus::Completed) << result.error;

    std::set<std::int64_t> trained;
    for (const TimelineSpan& span : observer.all)
        if (span.track == TimelineTrack::Main && span.kind == SpanKind::Forward) trained.insert(span.step);
    ASSERT_FALSE(trained.empty());
    const auto copies = countPerStep(observer.all, TimelineTrack::Copy, SpanKind::Copy);
    for (const std::int64_t step : trained) EXPECT_EQ(copies.count(step) ? copies.at(step) : 0, 1) << "step " << step;

    // One stream: its copies run one after another, each within the run.
    std::vector<TimelineSpan> onCopyStream;
    for (const TimelineSpan& span : observer.all)
        if (span.track == TimelineTrack::Copy) onCopyStream.push_back(span);
    std::sort(onCopyStream.begin(), onCopyStream.end(),
              [](const auto& a, const auto& b) { return a.beginNs < b.beginNs; });
    for (std::size_t k = 0; k < onCopyStream.size(); ++k) {
        EXPECT_LE(onCopyStream[k].beginNs, onCopyStream[k].endNs) << "copy of step " << onCopyStream[k].step;
        if (k > 0) EXPECT_GE(onCopyStream[k].beginNs, onCopyStream[k - 1].endNs) << "copy of step " << onCopyStream[k].step;
    }

    const NvjpegLoad load = loadNvjpeg("");
    if (!load.library) GTEST_SKIP() << "the copies checked; no nvJPEG for the decode track: " << load.triedText();
    const auto decodes = countPerStep(observer.all, TimelineTrack::DeviceDecode, SpanKind::Decode);
    for (const std::int64_t step : trained) EXPECT_EQ(decodes.count(step) ? decodes.at(step) : 0, 1) << "step " << step;
    for (const TimelineSpan& span : observer.all)
        if (span.track == TimelineTrack::DeviceDecode) EXPECT_LT(span.beginNs, span.endNs) << "decode of step " << span.step;
}

}  // namespace
}  // namespace bb::device_timeline_cuda_test
