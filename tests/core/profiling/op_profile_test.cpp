// profile_steps' checks and the table `show` draws from the ops (bridgebench/op_profile.h).
#include "bridgebench/op_profile.h"

#include <gtest/gtest.h>

#include "bridgebench/errors.h"

namespace bb::op_profile_test {
namespace {

std::string refusal(std::int64_t steps, bool cuda, bool kernelCapture) {
    try {
        checkProfileSteps(steps, cuda, kernelCapture);
    } catch (const ConfigError& error) {
        EXPECT_EQ(error.key(), "profile_steps");
        return error.what();
    }
    return {};
}

TEST(ProfileSteps, OutOfRangeCountsNameTheKeyAndTheValue) {
    EXPECT_NE(refusal(-1, false, true).find("got -1"), std::string::npos);
    EXPECT_NE(refusal(21, false, true).find("between 0 and 20, got 21"), std::string::npos);
    EXPECT_EQ(refusal(0, false, true), "");
    EXPECT_EQ(refusal(20, false, false), "");  // a CPU needs no kernel capture
}

TEST(ProfileSteps, ACudaDeviceWithoutKernelCaptureIsRefusedNamingTheKey) {
    const std::string message = refusal(3, true, false);
    EXPECT_NE(message.find("profile_steps=3 needs a LibTorch built with Kineto (CUPTI) to capture CUDA kernels"),
              std::string::npos)
        << message;
    EXPECT_NE(message.find("set profile_steps=0"), std::string::npos) << message;
    EXPECT_EQ(refusal(0, true, false), "");  // off needs nothing
    EXPECT_EQ(refusal(3, true, true), "");
}

TEST(OpProfileSummary, TopOpsByTimeWithTheirShareOfTheProfiledSteps) {
    const std::vector<OpEvent> events = {
        {0, 10, std::string(kProfiledStepName), OpDevice::Cpu, 1, 0, 10'000'000},
        {0, 11, std::string(kProfiledStepName), OpDevice::Cpu, 1, 10'000'000, 20'000'000},
        {0, 10, "aten::linear", OpDevice::Cpu, 1, 1'000'000, 5'000'000},
        {0, 10, "aten::addmm", OpDevice::Cpu, 1, 1'500'000, 4'500'000},
        {0, 11, "aten::linear", OpDevice::Cpu, 1, 11'000'000, 15'000'000},
        {0, 11, "gemm_kernel", OpDevice::Cuda, 7, 11'000'000, 12'000'000},
    };
    const OpProfileSummary summary = summarizeOps(events, 2);
    EXPECT_EQ(summary.steps, 2);
    EXPECT_EQ(summary.events, 4);
    EXPECT_DOUBLE_EQ(summary.stepsMs, 20.0);
    ASSERT_EQ(summary.top.size(), 2u);
    EXPECT_EQ(summary.top[0].name, "aten::linear");
    EXPECT_EQ(summary.top[0].calls, 2);
    EXPECT_DOUBLE_EQ(summary.top[0].totalMs, 8.0);
    EXPECT_DOUBLE_EQ(summary.top[0].share, 0.4);
    EXPECT_EQ(summary.top[1].name, "aten::addmm");
}

}  // namespace
}  // namespace bb::op_profile_test
