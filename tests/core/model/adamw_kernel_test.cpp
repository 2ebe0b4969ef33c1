#include "model/adamw_kernel.h"

#include <gtest/gtest.h>

#include "bridgebench/errors.h"

namespace bb::adamw_kernel_test {
namespace {

std::string refusal(const std::string& key, const std::string& device, bool deviceKernel) {
    try {
        chooseAdamWKernel(key, device, deviceKernel);
    } catch (const ConfigError& error) {
        EXPECT_EQ(error.key(), "optimizer_kernel");
        return error.what();
    }
    return "";
}

// The CPU always has the fused loop; a cuda device has a fused kernel only where the LibTorch
// does (a parameter here, so that this CPU build checks what a CUDA build decides).
TEST(AdamWKernel, AutoIsFusedWhereTheDeviceHasAKernelAndForeachElsewhere) {
    EXPECT_EQ(chooseAdamWKernel("auto", "cpu", false), AdamWKernel::Fused);
    EXPECT_EQ(chooseAdamWKernel("auto", "cuda:0", true), AdamWKernel::Fused);
    EXPECT_EQ(chooseAdamWKernel("auto", "cuda:1", false), AdamWKernel::Foreach);
    EXPECT_EQ(chooseAdamWKernel("fused", "cpu", false), AdamWKernel::Fused);
    EXPECT_EQ(chooseAdamWKernel("fused", "cuda:0", true), AdamWKernel::Fused);
    EXPECT_EQ(chooseAdamWKernel("foreach", "cpu", false), AdamWKernel::Foreach);
    EXPECT_EQ(chooseAdamWKernel("foreach", "cuda:0", true), AdamWKernel::Foreach);
}

TEST(AdamWKernel, RefusalsNameTheValueAndWhatIsAllowed) {
    const std::string unknown = refusal("apex", "cpu", false);
    EXPECT_NE(unknown.find("'apex'"), std::string::npos) << unknown;
    EXPECT_NE(unknown.find("auto, fused, foreach"), std::string::npos) << unknown;
    const std::string noKernel = refusal("fused", "cuda:0", false);
    EXPECT_NE(noKernel.find("_fused_adamw_"), std::string::npos) << noKernel;
    EXPECT_NE(noKernel.find("allowed here: auto, foreach"), std::string::npos) << noKernel;
    EXPECT_EQ(refusal("fused", "cuda:0", true), "");
}

TEST(AdamWKernel, TheEnvironmentsTextNamesTheKernelOfTheDevice) {
    EXPECT_EQ(describeAdamWKernel(AdamWKernel::Fused, "cuda:0"), "AdamW, fused (_fused_adamw_)");
    EXPECT_EQ(describeAdamWKernel(AdamWKernel::Fused, "cpu"), "AdamW, fused (one pass per float32 parameter)");
    EXPECT_EQ(describeAdamWKernel(AdamWKernel::Foreach, "cuda:0"), "AdamW, multi-tensor (_foreach ops)");
}

}  // namespace
}  // namespace bb::adamw_kernel_test
