// fp16 on the GPU: the fused unscale kernel, and a whole fp16 run through the trainer.
#include "engine/grad_scaler.h"

#include <gtest/gtest.h>
#include <torch/cuda.h>

#include <cmath>
#include <limits>

#include "tiny_cuda_run.h"

namespace bb {
namespace {

TEST(GradScalerCuda, TheFusedUnscaleDividesAndFindsAnInf) {
    if (!torch::cuda::is_available()) GTEST_SKIP() << "no CUDA device (or a LibTorch without CUDA)";
    const auto options = torch::TensorOptions().device("cuda:0");
    GradScaler scaler({.initialScale = 1024.0});
    torch::Tensor p = torch::zeros({1000}, options).requires_grad_(true);
    p.mutable_grad() = torch::full({1000}, 2048.0, options);
    EXPECT_TRUE(scaler.unscale({p}));
    EXPECT_TRUE(torch::allclose(p.grad().cpu(), torch::full({1000}, 2.0)));
    p.mutable_grad()[17] = std::numeric_limits<float>::infinity();
    EXPECT_FALSE(scaler.unscale({p}));
}

TEST(GradScalerCuda, AnFp16RunScalesItsLossAndSaysHowInItsResult) {
    if (!torch::cuda::is_available()) GTEST_SKIP() << "no CUDA device (or a LibTorch without CUDA)";
    const TrainerResult result = test::trainTinyOnCuda("fp16", 6, 1);
    ASSERT_EQ(result.status, RunStatus::Completed) << result.error;
    ASSERT_TRUE(result.lossScaling.is_object());
    EXPECT_EQ(result.lossScaling["initial_scale"], 65536.0);
    EXPECT_GT(result.lossScaling["final_scale"].get<double>(), 0.0);
    EXPECT_LT(result.lossScaling["skipped_steps"].get<int>(), 6) << "every step overflowed";
    for (const auto& step : result.steps) EXPECT_TRUE(std::isfinite(step.loss)) << "step " << step.step;
}

}  // namespace
}  // namespace bb
