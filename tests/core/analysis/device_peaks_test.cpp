#include "bridgebench/device_peaks.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

namespace bb {
namespace {

using ::testing::HasSubstr;

TEST(DevicePeaks, EveryEntryNamesTheDocumentItComesFrom) {
    ASSERT_FALSE(devicePeakTable().empty());
    for (const auto& entry : devicePeakTable()) {
        EXPECT_GT(entry.tflops, 0) << entry.device;
        const std::string source(entry.source);
        EXPECT_TRUE(source.find("datasheet") != std::string::npos || source.find("white paper") != std::string::npos)
            << entry.device << " " << entry.precision << ": " << source;
    }
}

TEST(DevicePeaks, NamesAsRunsRecordThemFindTheirPart) {
    const auto sxm = findDevicePeak("NVIDIA H100 80GB HBM3", "bf16");
    ASSERT_TRUE(sxm);
    EXPECT_EQ(sxm->peak.device, "H100 SXM");
    EXPECT_DOUBLE_EQ(sxm->peak.tflops, 989.5);
    EXPECT_TRUE(sxm->assumption.empty());

    const auto bare = findDevicePeak("H100", "bf16");  // the study's name for its GPUs
    ASSERT_TRUE(bare);
    EXPECT_EQ(bare->peak.device, "H100 SXM");
    EXPECT_THAT(bare->assumption, HasSubstr("SXM5"));

    EXPECT_DOUBLE_EQ(findDevicePeak("H100 PCIe", "bf16")->peak.tflops, 756.5);
    EXPECT_DOUBLE_EQ(findDevicePeak("NVIDIA H200", "bf16")->peak.tflops, 989.5);
    EXPECT_DOUBLE_EQ(findDevicePeak("A100 80GB", "bf16")->peak.tflops, 312);
    EXPECT_DOUBLE_EQ(findDevicePeak("A100 80GB", "fp32")->peak.tflops, 19.5);
    EXPECT_DOUBLE_EQ(findDevicePeak("gaudi2", "BF16")->peak.tflops, 432);
}

TEST(DevicePeaks, NoEntryIsNoPeak) {
    EXPECT_FALSE(findDevicePeak("Gaudi2", "fp32"));  // no sourced figure
    EXPECT_FALSE(findDevicePeak("H100 NVL", "bf16"));
    EXPECT_FALSE(findDevicePeak("cpu", "fp32"));
    EXPECT_FALSE(findDevicePeak("", "bf16"));
}

}  // namespace
}  // namespace bb
