#include "engine/autocast_guard.h"

#include <gtest/gtest.h>

#include "util/torch_compat.h"

namespace bb {
namespace {

TEST(TorchCompat, VersionMacrosFollowTheHeaders) {
    EXPECT_TRUE(BB_TORCH_VERSION_AT_LEAST(TORCH_VERSION_MAJOR, TORCH_VERSION_MINOR));
    EXPECT_FALSE(BB_TORCH_VERSION_AT_LEAST(TORCH_VERSION_MAJOR, TORCH_VERSION_MINOR + 1));
    EXPECT_TRUE(BB_TORCH_VERSION_AT_LEAST(1, 13));  // the oldest LibTorch the sources build against
    EXPECT_EQ(compat::hasScaledDotProductAttention(), TORCH_VERSION_MAJOR >= 2);
    EXPECT_EQ(BB_TORCH_AUTOCAST_BY_DEVICE_TYPE != 0, BB_TORCH_VERSION_AT_LEAST(2, 4));
}

// The compatibility calls reach LibTorch's own state: what one sets, LibTorch's autocast uses.
TEST(TorchCompat, AutocastCallsSetWhatLibTorchUses) {
    const bool enabled = compat::autocastEnabled(c10::DeviceType::CPU);
    const at::ScalarType dtype = compat::autocastDtype(c10::DeviceType::CPU);
    compat::setAutocastDtype(c10::DeviceType::CPU, at::kBFloat16);
    compat::setAutocastEnabled(c10::DeviceType::CPU, true);
    EXPECT_TRUE(compat::autocastEnabled(c10::DeviceType::CPU));
    EXPECT_EQ(compat::autocastDtype(c10::DeviceType::CPU), at::kBFloat16);
    EXPECT_EQ(at::mm(at::ones({2, 2}), at::ones({2, 2})).scalar_type(), at::kBFloat16);
    compat::setAutocastEnabled(c10::DeviceType::CPU, enabled);
    compat::setAutocastDtype(c10::DeviceType::CPU, dtype);
    EXPECT_EQ(at::mm(at::ones({2, 2}), at::ones({2, 2})).scalar_type(), at::kFloat);
}

TEST(AutocastGuard, Bf16OnTheCpuForItsLifetimeOnly) {
    ASSERT_FALSE(compat::autocastEnabled(c10::DeviceType::CPU));
    const at::ScalarType before = compat::autocastDtype(c10::DeviceType::CPU);
    {
        AutocastGuard guard("bf16", torch::kCPU);
        EXPECT_TRUE(compat::autocastEnabled(c10::DeviceType::CPU));
        EXPECT_EQ(at::mm(at::ones({2, 2}), at::ones({2, 2})).scalar_type(), at::kBFloat16);
        EXPECT_FALSE(compat::autocastEnabled(c10::DeviceType::CUDA)) << "only the device's own autocast";
    }
    EXPECT_FALSE(compat::autocastEnabled(c10::DeviceType::CPU));
    EXPECT_EQ(compat::autocastDtype(c10::DeviceType::CPU), before);
    {
        AutocastGuard guard("fp32", torch::kCPU);
        EXPECT_FALSE(compat::autocastEnabled(c10::DeviceType::CPU));
    }
}

}  // namespace
}  // namespace bb
