// LibTorch's profiler around real training steps on the CPU (profiling/op_capture.h): the ops come
// back numbered by step, on the timeline's clock, nested on each thread.
#include "profiling/op_capture.h"

#include <algorithm>
#include <map>

#include <gtest/gtest.h>
#include <torch/torch.h>

namespace bb::op_capture_test {
namespace {

using Clock = OpCapture::Clock;

std::int64_t nsSince(Clock::time_point origin, Clock::time_point at) {
    return std::chrono::duration_cast<std::chrono::nanoseconds>(at - origin).count();
}

TEST(OpCapture, ATrainingStepsMatrixMultipliesLieInsideTheStepOnTheTimelinesClock) {
    torch::manual_seed(0);
    torch::nn::Linear layer(128, 128);
    const torch::Tensor input = torch::randn({16, 128});
    const Clock::time_point origin = Clock::now();
    std::map<std::int64_t, std::pair<std::int64_t, std::int64_t>> windows;  // step → its body, ns since origin
    std::vector<OpEvent> events;
    {
        OpCapture capture(false, origin);
        for (const std::int64_t step : {3, 4}) {
            capture.step(step, [&] {
                const auto begin = Clock::now();
                layer->zero_grad();
                layer(input).relu().sum().backward();
                windows[step] = {nsSince(origin, begin), nsSince(origin, Clock::now())};
                return true;
            });
        }
        // A step with no batch: nothing of it is kept.
        capture.step(5, [] { return false; });
        events = capture.finish(0);
    }
    // The profiler's clock is tied to ours to within the few µs its scope takes to start.
    constexpr std::int64_t kToleranceNs = 200'000;
    std::map<std::int64_t, int> matmuls;
    for (const OpEvent& event : events) {
        EXPECT_NE(event.step, 5) << event.name;
        if (event.name == kProfiledStepName) continue;
        ASSERT_TRUE(windows.contains(event.step)) << event.name << " of step " << event.step;
        const auto [begin, end] = windows[event.step];
        EXPECT_GE(event.beginNs, begin - kToleranceNs) << event.name;
        EXPECT_LE(event.endNs, end + kToleranceNs) << event.name;
        if (event.name == "aten::addmm" || event.name == "aten::mm") ++matmuls[event.step];
    }
    // addmm forward, mm for the weight's gradient and the input's... at least two a step.
    EXPECT_GE(matmuls[3], 2);
    EXPECT_GE(matmuls[4], 2);
    const auto steps = std::count_if(events.begin(), events.end(), [](const OpEvent& e) { return e.name == kProfiledStepName; });
    EXPECT_EQ(steps, 2);

    // On each thread an op either ends before the next starts or holds it.
    std::map<std::int64_t, std::vector<OpEvent>> threads;
    for (const OpEvent& event : events) threads[event.lane].push_back(event);
    for (auto& [lane, list] : threads) {
        std::stable_sort(list.begin(), list.end(), [](const OpEvent& a, const OpEvent& b) {
            return a.beginNs < b.beginNs || (a.beginNs == b.beginNs && a.endNs > b.endNs);
        });
        std::vector<OpEvent> open;
        for (const OpEvent& event : list) {
            while (!open.empty() && open.back().endNs <= event.beginNs) open.pop_back();
            if (!open.empty()) {
                EXPECT_LE(event.endNs, open.back().endNs) << event.name << " crosses " << open.back().name;
            }
            open.push_back(event);
        }
    }
}

}  // namespace
}  // namespace bb::op_capture_test
