#include "store/device_name.h"

#include <gtest/gtest.h>

namespace bb {
namespace {

TEST(RunDeviceName, ACudaRunGoesByItsGpuWithoutTheVendor) {
    EXPECT_EQ(runDeviceName("cuda:0", nlohmann::json({{"gpu_name", "NVIDIA H200"}}).get<RunEnvironment>()), "H200");
    EXPECT_EQ(runDeviceName("cuda:1", nlohmann::json({{"gpu_name", "NVIDIA A100-SXM4-80GB"}}).get<RunEnvironment>()), "A100-SXM4-80GB");
    EXPECT_EQ(runDeviceName("cuda", nlohmann::json({{"gpu_name", "Tesla T4"}}).get<RunEnvironment>()), "Tesla T4");
}

TEST(RunDeviceName, WithoutAGpuNameOrOnACpuTheDeviceAsConfigured) {
    EXPECT_EQ(runDeviceName("cpu", nlohmann::json({{"gpu_name", "NVIDIA H200"}}).get<RunEnvironment>()), "cpu");
    EXPECT_EQ(runDeviceName("cuda:0", nlohmann::json(nlohmann::json::object()).get<RunEnvironment>()), "cuda:0");
    EXPECT_EQ(runDeviceName("cuda:0", nlohmann::json({{"gpu_name", ""}}).get<RunEnvironment>()), "cuda:0");
    EXPECT_EQ(runDeviceName("cuda:0", nlohmann::json({{"gpu_name", 200}}).get<RunEnvironment>()), "cuda:0");
    EXPECT_EQ(runDeviceName("cuda:0", nlohmann::json({{"gpu_name", "NVIDIA "}}).get<RunEnvironment>()), "NVIDIA ");
    EXPECT_EQ(runDeviceName("cuda:0", nlohmann::json(nlohmann::json::array()).get<RunEnvironment>()), "cuda:0");
}

}  // namespace
}  // namespace bb
