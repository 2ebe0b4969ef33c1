#include "bridgebench/speedup_figure.h"

#include <cmath>

#include <gtest/gtest.h>

namespace bb {
namespace {

// A CPU run beside an 8-GPU server is thousands of times apart either way: two decimals would
// print the one as 0.00 and the other with six digits of noise.
TEST(SpeedupFigure, KeepsThreeSignificantDigitsOutsideTheStudysRange) {
    EXPECT_EQ(speedupFigure(602.1 / 345.4), "1.74");
    EXPECT_EQ(speedupFigure(1.0), "1.00");
    EXPECT_EQ(speedupFigure(0.31), "0.31");
    EXPECT_EQ(speedupFigure(9.994), "9.99");
    EXPECT_EQ(speedupFigure(55.123), "55.1");
    EXPECT_EQ(speedupFigure(16736.91), "16737");
    EXPECT_EQ(speedupFigure(0.0186), "0.0186");
    EXPECT_EQ(speedupFigure(0.00668 / 112.0), "0.0000596");
    EXPECT_EQ(speedupFigure(0.0), "0.00");
    EXPECT_EQ(speedupFigure(std::nan("")), "");
    EXPECT_EQ(speedupFigure(INFINITY), "");
}

}  // namespace
}  // namespace bb
