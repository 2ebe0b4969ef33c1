// The timed square products behind a CPU's machine peak (machine_peak_probe.h).
#include <gtest/gtest.h>

#include <torch/torch.h>

#include "engine/gemm_peak.h"
#include "engine/run_control.h"

namespace bb {
namespace {

TEST(GemmPeak, TimesASquareProductLargeEnoughToMeasure) {
    RunControl control;
    const GemmPeak peak = measureCpuGemmPeak(torch::kFloat, control);
    EXPECT_GT(peak.flopsPerSec, 0);
    EXPECT_GE(peak.size, 256);
    EXPECT_LE(peak.size, 2048);
}

TEST(GemmPeak, ACancelledRunMeasuresNothing) {
    RunControl control;
    control.cancel();
    EXPECT_EQ(measureCpuGemmPeak(torch::kFloat, control).flopsPerSec, 0);
}

}  // namespace
}  // namespace bb
