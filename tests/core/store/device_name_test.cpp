#include "store/device_name.h"

#include <gtest/gtest.h>

namespace bb {
namespace {

TEST(RunDeviceName, ACudaRunGoesByItsGpuWithoutTheVendor) {
    EXPECT_EQ(runDeviceName("cuda:0", {{"gpu_name", "NVIDIA H200"}}), "H200");
    EXPECT_EQ(runDeviceName("cuda:1", {{"gpu_name", "NVIDIA A100-SXM4-80GB"}}), "A100-SXM4-80GB");
    EXPECT_EQ(runDeviceName("cuda", {{"gpu_name", "Tesla T4"}}), "Tesla T4");
}

TEST(RunDeviceName, WithoutAGpuNameOrOnACpuTheDeviceAsConfigured) {
    EXPECT_EQ(runDeviceName("cpu", {{"gpu_name", "NVIDIA H200"}}), "cpu");
    EXPECT_EQ(runDeviceName("cuda:0", nlohmann::json::object()), "cuda:0");
    EXPECT_EQ(runDeviceName("cuda:0", {{"gpu_name", ""}}), "cuda:0");
    EXPECT_EQ(runDeviceName("cuda:0", {{"gpu_name", 200}}), "cuda:0");
    EXPECT_EQ(runDeviceName("cuda:0", {{"gpu_name", "NVIDIA "}}), "NVIDIA ");
    EXPECT_EQ(runDeviceName("cuda:0", nlohmann::json::array()), "cuda:0");
}

}  // namespace
}  // namespace bb
