#include "bridgebench/axis_ticks.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "report/charts.h"

namespace bb {
namespace {

TEST(AxisTicks, RoundsTheRangeOutToWholeSteps) {
    const AxisTicks ticks = niceAxisTicks(0, 941.9, 4);
    EXPECT_EQ(ticks.min, 0);
    EXPECT_EQ(ticks.max, 1000);
    EXPECT_EQ(ticks.step, 250);
    EXPECT_EQ(ticks.count(), 5);
    EXPECT_EQ(ticks.decimals, 0);
}

TEST(AxisTicks, AValueOnATickDoesNotAddAnotherStep) {
    EXPECT_EQ(niceAxisTicks(0, 1000, 4).max, 1000);
    EXPECT_DOUBLE_EQ(niceAxisTicks(0, 0.3, 3).max, 0.3);
}

TEST(AxisTicks, SmallStepsSayHowManyDecimalsTheyNeed) {
    EXPECT_EQ(niceAxisTicks(0, 9.5, 4).decimals, 1);  // 2.5
    EXPECT_EQ(niceAxisTicks(0, 0.9, 4).decimals, 2);  // 0.25
    EXPECT_EQ(niceAxisTicks(0, 0.7, 4).decimals, 1);  // 0.2
}

TEST(AxisTicks, IntegerAxesStepByWholeNumbersAndNeverByTwoAndAHalf) {
    EXPECT_EQ(niceAxisTicks(0, 1, 8, true).step, 1);
    EXPECT_EQ(niceAxisTicks(0, 4, 8, true).step, 1);
    EXPECT_EQ(niceAxisTicks(0, 20, 8, true).step, 5);  // not 2.5
    EXPECT_EQ(niceAxisTicks(0, 1233, 8, true).step, 200);
}

TEST(AxisTicks, DegenerateRangesStillGiveTwoTicks) {
    const double nan = std::numeric_limits<double>::quiet_NaN();
    for (const AxisTicks& ticks : {niceAxisTicks(0, 0, 4), niceAxisTicks(nan, nan, 4), niceAxisTicks(5, 3, 4)}) {
        EXPECT_GE(ticks.count(), 2);
        EXPECT_GT(ticks.max, ticks.min);
        EXPECT_TRUE(std::isfinite(ticks.step));
    }
}

int multiplesIn(double low, double high, double step) {
    int count = 0;
    for (double tick = std::ceil(low / step - 1e-9) * step; tick <= high + 1e-9 * step; tick += step) ++count;
    return count;
}

TEST(AxisTicks, AStepForAnAxisEndingAtItsDataLeavesTwoTicksInside) {
    // The lone "0" on a narrow live chart at step 45: two ticks asked, step 50 given.
    ASSERT_EQ(niceAxisTicks(0, 45, 2, true).step, 50);
    EXPECT_EQ(niceStepInside(0, 45, 2, true), 20);
    for (int count = 2; count <= 8; ++count) {
        for (int high = 1; high <= 2000; ++high) {
            const double step = niceStepInside(0, high, count, true);
            EXPECT_EQ(step, std::round(step));
            EXPECT_GE(step, 1);
            EXPECT_GE(multiplesIn(0, high, step), 2) << "0.." << high << " in " << count;
            EXPECT_LE(multiplesIn(0, high, step), 2 * count + 1) << "0.." << high << " in " << count;
        }
        for (const auto& [low, high] : {std::pair{10.0, 20.0}, {41.0, 89.0}, {0.0, 0.45}, {3.3, 7.9}}) {
            const double step = niceStepInside(low, high, count);
            EXPECT_GE(multiplesIn(low, high, step), 2) << low << ".." << high << " in " << count;
        }
    }
    EXPECT_EQ(niceStepInside(0, 1233, 8, true), 200) << "unchanged where the nice step already fits";
}

TEST(ReportTicks, StepAxisTicksAreWholeNumbers) {
    for (const double tick : report::niceTicks(4, 8, /*integerSteps=*/true)) EXPECT_EQ(tick, std::round(tick));
    EXPECT_EQ(report::niceTicks(941.9, 4).back(), 1000);
}

}  // namespace
}  // namespace bb
