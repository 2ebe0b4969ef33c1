#include "models/smoothing.h"

#include <gtest/gtest.h>

#include <cmath>
#include <vector>

namespace bb::ui {
namespace {

TEST(Smoothing, WeightZeroReturnsTheInput) {
    const std::vector<double> values{3, 9, 1, 4};
    EXPECT_EQ(smoothEma(values, 0.0), values);
}

TEST(Smoothing, ConstantSeriesStaysConstantFromTheFirstPoint) {
    // Without debiasing the first values would start near zero.
    const std::vector<double> values(20, 250.0);
    for (double value : smoothEma(values, 0.9)) EXPECT_NEAR(value, 250.0, 1e-9);
}

TEST(Smoothing, MatchesTheDebiasedMovingAverage) {
    const std::vector<double> values{10, 20};
    const auto smoothed = smoothEma(values, 0.5);
    ASSERT_EQ(smoothed.size(), 2u);
    EXPECT_NEAR(smoothed[0], 10.0, 1e-12);
    // last = 0.5*(0.5*10) + 0.5*20 = 12.5; debias 1 - 0.25 = 0.75
    EXPECT_NEAR(smoothed[1], 12.5 / 0.75, 1e-12);
}

TEST(Smoothing, StreamingEqualsWholeSeries) {
    const std::vector<double> values{5, 7, 100, 6, 5, 4, 8};
    const auto whole = smoothEma(values, 0.8);
    EmaSmoother smoother(0.8);
    for (std::size_t index = 0; index < values.size(); ++index)
        EXPECT_DOUBLE_EQ(smoother.push(values[index]), whole[index]);
}

TEST(Smoothing, SkipsNonFiniteValues) {
    const std::vector<double> values{10, std::nan(""), 10};
    const auto smoothed = smoothEma(values, 0.7);
    EXPECT_TRUE(std::isnan(smoothed[1]));
    EXPECT_NEAR(smoothed[2], 10.0, 1e-9);
}

}  // namespace
}  // namespace bb::ui
