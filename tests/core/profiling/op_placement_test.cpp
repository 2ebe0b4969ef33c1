// From the profiler's microseconds to ops on the timeline (profiling/op_placement.h).
#include "profiling/op_placement.h"

#include <algorithm>

#include <gtest/gtest.h>

namespace bb::op_placement_test {
namespace {

const OpEvent& named(const std::vector<OpEvent>& events, const std::string& name) {
    const auto found = std::find_if(events.begin(), events.end(), [&](const OpEvent& e) { return e.name == name; });
    EXPECT_NE(found, events.end()) << name;
    return *found;
}

TEST(OpPlacement, OpsGoToTheStepTheyStartedInOnTheTimelinesClock) {
    const std::vector<ProfiledStep> steps = {{7, {"scope", OpDevice::Cpu, 1, 1'000'000, 100'000}},
                                             {8, {"scope", OpDevice::Cpu, 1, 1'100'000, 100'000}}};
    const std::vector<ProfiledOp> ops = {
        {"before", OpDevice::Cpu, 1, 900'000, 10'000},       // before the first step: not the capture's
        {"aten::mm", OpDevice::Cpu, 1, 1'010'000, 20'000},   // step 7
        {"kernel", OpDevice::Cuda, 7, 1'150'000, 30'000},    // step 8, on a stream
    };
    const auto events = placeOps(ops, steps, -999'000, 0);  // the profiler's 1 ms is the timeline's 1 µs
    EXPECT_EQ(events.size(), 4u);
    EXPECT_TRUE(std::none_of(events.begin(), events.end(), [](const OpEvent& e) { return e.name == "before"; }));
    const OpEvent& mm = named(events, "aten::mm");
    EXPECT_EQ(mm.step, 7);
    EXPECT_EQ(mm.beginNs, 11'000);
    EXPECT_EQ(mm.endNs, 31'000);
    const OpEvent& kernel = named(events, "kernel");
    EXPECT_EQ(kernel.step, 8);
    EXPECT_EQ(kernel.device, OpDevice::Cuda);
    EXPECT_EQ(kernel.lane, 7);
    const auto stepEvents = std::count_if(events.begin(), events.end(),
                                          [](const OpEvent& e) { return e.name == kProfiledStepName; });
    EXPECT_EQ(stepEvents, 2);
}

// LibTorch 1.13 cuts start and duration each to whole microseconds: a parent [0.9, 5.5] reads [0, 4] and its
// child [2.0, 5.0] reads [2, 5], across the parent's end in the trace.
TEST(OpPlacement, AChildThatSeemsToOutlastItsParentEndsWithIt) {
    const std::vector<ProfiledStep> steps = {{0, {"scope", OpDevice::Cpu, 1, 0, 10'000}}};
    const std::vector<ProfiledOp> ops = {{"parent", OpDevice::Cpu, 1, 0, 4'000},
                                         {"child", OpDevice::Cpu, 1, 2'000, 3'000},
                                         {"next", OpDevice::Cpu, 1, 5'000, 2'000},
                                         {"other thread", OpDevice::Cpu, 2, 2'000, 5'000}};
    const auto events = placeOps(ops, steps, 0, 0);
    EXPECT_EQ(named(events, "child").beginNs, 2'000);
    EXPECT_EQ(named(events, "child").endNs, 4'000);
    EXPECT_EQ(named(events, "next").endNs, 7'000);          // after the parent: left alone
    EXPECT_EQ(named(events, "other thread").endNs, 7'000);  // another track: left alone
}

}  // namespace
}  // namespace bb::op_placement_test
