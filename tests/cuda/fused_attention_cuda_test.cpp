// Needs a CUDA device; labelled `cuda` in CTest (scripts/device-check.sh runs them) and skipped,
// saying why, where there is none.
#include "model/fused_attention.h"

#include <ATen/Context.h>
#include <gtest/gtest.h>
#include <torch/cuda.h>
#include <torch/version.h>

#include "model/functional.h"

namespace bb {
namespace {

TEST(FusedAttentionCuda, MatchesEagerOnTheGpu) {
    if (!torch::cuda::is_available()) GTEST_SKIP() << "no CUDA device (or a LibTorch without CUDA)";
    if (!fusedAttentionAvailable())
        GTEST_SKIP() << "LibTorch " << TORCH_VERSION << " has no at::scaled_dot_product_attention";
    at::manual_seed(11);
    const auto options = at::TensorOptions().dtype(at::kFloat).device(at::kCUDA);
    // BridgeTower-large's text shape: 16 heads of 64, 50 tokens, some padding masked.
    const at::Tensor query = at::randn({4, 50, 1024}, options);
    const at::Tensor key = at::randn({4, 50, 1024}, options);
    const at::Tensor value = at::randn({4, 50, 1024}, options);
    at::Tensor mask = at::ones({4, 50}, at::kLong);
    mask.narrow(1, 40, 10).select(0, 2).zero_();
    const at::Tensor keyMask = additiveKeyMask(mask, 16, at::kFloat).to(options);
    ASSERT_TRUE(fusedAttentionApplies(query));

    // fp32: a run's tf32 key may have allowed TF32 products in this process; hold both paths to
    // full fp32 here.
    at::globalContext().setAllowTF32CuBLAS(false);
    const at::Tensor eager = eagerMultiHeadAttention(query, key, value, 16, keyMask, 0.0, false);
    const at::Tensor fused = multiHeadAttention(query, key, value, 16, keyMask, 0.0, false);
    EXPECT_TRUE(at::allclose(fused, eager, 1e-4, 1e-4)) << (fused - eager).abs().max().item<double>();

    // bf16: 8 bits of mantissa; tolerance 2e-2 absolute on values of order 1.
    const auto bf16 = [](const at::Tensor& t) { return t.to(at::kBFloat16); };
    const at::Tensor eagerBf16 = eagerMultiHeadAttention(bf16(query), bf16(key), bf16(value), 16, bf16(keyMask), 0.0, false);
    const at::Tensor fusedBf16 = multiHeadAttention(bf16(query), bf16(key), bf16(value), 16, bf16(keyMask), 0.0, false);
    EXPECT_TRUE(at::allclose(fusedBf16.to(at::kFloat), eagerBf16.to(at::kFloat), 2e-2, 2e-2))
        << (fusedBf16.to(at::kFloat) - eagerBf16.to(at::kFloat)).abs().max().item<double>();
}

}  // namespace
}  // namespace bb
