#include "model/fused_attention.h"

#include <gtest/gtest.h>

#include "model/functional.h"
#include "util/torch_compat.h"

namespace bb::fused_attention_test {
namespace {

struct Inputs {
    at::Tensor query, key, value, keyMask;
};

// query [2, 5, 4*8], keys [2, 7, 4*8]; the mask hides the last two keys of the second sample.
Inputs attentionInputs(at::ScalarType dtype, const at::Device& device) {
    at::manual_seed(7);
    const auto options = at::TensorOptions().dtype(dtype).device(device);
    Inputs in;
    in.query = at::randn({2, 5, 32}, options);
    in.key = at::randn({2, 7, 32}, options);
    in.value = at::randn({2, 7, 32}, options);
    at::Tensor mask = at::ones({2, 7}, at::kLong);
    mask[1][5] = 0;
    mask[1][6] = 0;
    in.keyMask = additiveKeyMask(mask, 4, at::kFloat).to(options);
    return in;
}

TEST(FusedAttention, AvailableFromLibTorch2) { EXPECT_EQ(fusedAttentionAvailable(), TORCH_VERSION_MAJOR >= 2); }

TEST(FusedAttention, CpuTensorsKeepTheEagerPath) {
    const Inputs in = attentionInputs(at::kFloat, at::kCPU);
    EXPECT_FALSE(fusedAttentionApplies(in.query));
    // multiHeadAttention on the CPU is the eager path, bit for bit.
    EXPECT_TRUE(at::equal(multiHeadAttention(in.query, in.key, in.value, 4, in.keyMask, 0.0, false),
                          eagerMultiHeadAttention(in.query, in.key, in.value, 4, in.keyMask, 0.0, false)));
}

TEST(FusedAttention, RefusedWithoutTheOperator) {
    if (fusedAttentionAvailable()) GTEST_SKIP() << "this LibTorch has scaled_dot_product_attention";
    const Inputs in = attentionInputs(at::kFloat, at::kCPU);
    EXPECT_THROW(fusedMultiHeadAttention(in.query, in.key, in.value, 4, in.keyMask, 0.0, false), std::logic_error);
}

// The fused operator's CPU kernel against the eager path: same maths, fp32 rounding apart.
TEST(FusedAttention, MatchesEagerOnCpu) {
    if (!fusedAttentionAvailable())
        GTEST_SKIP() << "LibTorch " << TORCH_VERSION << " has no at::scaled_dot_product_attention (it came in 2.0)";
    const Inputs in = attentionInputs(at::kFloat, at::kCPU);
    for (const bool masked : {false, true}) {
        const at::Tensor mask = masked ? in.keyMask : at::Tensor();
        const at::Tensor eager = eagerMultiHeadAttention(in.query, in.key, in.value, 4, mask, 0.0, false);
        const at::Tensor fused = fusedMultiHeadAttention(in.query, in.key, in.value, 4, mask, 0.0, false);
        ASSERT_EQ(fused.sizes(), eager.sizes());
        EXPECT_TRUE(at::allclose(fused, eager, 1e-5, 1e-5)) << "masked " << masked << ", max difference "
                                                             << (fused - eager).abs().max().item<double>();
    }
}

}  // namespace
}  // namespace bb::fused_attention_test
