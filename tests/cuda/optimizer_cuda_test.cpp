// The optimizer step and gradient clipping on CUDA parameters: the paths that CUDA tensors take
// (LibTorch's fused AdamW kernel, or the multi-tensor ops with optimizer_kernel=foreach;
// fused_adamw.h, fused_grad_clip.h) against torch's own, on the GPU.
#include <gtest/gtest.h>
#include <torch/cuda.h>
#include <torch/torch.h>
#include <torch/version.h>

#include <cstdio>

#include "model/adamw_device_kernel.h"
#include "model/fused_adamw.h"
#include "model/fused_grad_clip.h"
#include "support/dispatched_ops.h"

namespace bb::optimizer_cuda_test {
namespace {

const torch::Device kGpu("cuda:0");

std::vector<torch::Tensor> gpuParameters(std::uint64_t seed) {
    torch::manual_seed(seed);
    std::vector<torch::Tensor> parameters;
    for (const auto& shape : std::vector<std::vector<int64_t>>{{1024, 768}, {768}, {}, {3, 5, 7}})
        parameters.push_back(torch::randn(shape, torch::TensorOptions().device(kGpu)).requires_grad_(true));
    return parameters;
}

std::vector<torch::Tensor> twins(const std::vector<torch::Tensor>& parameters) {
    std::vector<torch::Tensor> copies;
    for (const auto& parameter : parameters) {
        copies.push_back(parameter.detach().clone().requires_grad_(true));
        if (parameter.grad().defined()) copies.back().mutable_grad() = parameter.grad().clone();
    }
    return copies;
}

// Four steps of each kernel against torch's AdamW, with the operators the last step dispatched.
std::vector<std::string> stepAgainstTorch(AdamWKernel kernel) {
    std::vector<torch::Tensor> mine = gpuParameters(5);
    std::vector<torch::Tensor> theirs = twins(mine);
    const auto options = torch::optim::AdamWOptions(1e-3).betas({0.9, 0.999}).eps(1e-8).weight_decay(0.01);
    FusedAdamW optimizer(mine, options, kernel);
    torch::optim::AdamW reference(theirs, options);
    std::vector<std::string> ops;
    for (int step = 0; step < 4; ++step) {
        for (auto* params : {&mine, &theirs}) {
            torch::manual_seed(50 + step);
            for (auto& parameter : *params) parameter.mutable_grad() = torch::randn_like(parameter);
        }
        ops = test::dispatchedOps([&] { optimizer.step(); });
        reference.step();
    }
    for (std::size_t i = 0; i < mine.size(); ++i) {
        EXPECT_TRUE(mine[i].is_cuda());
        const double largest = (mine[i] - theirs[i]).abs().max().item<double>();
        std::printf("[ parity   ] AdamW %s, parameter %zu: largest difference from torch's %.3g\n",
                    kernel == AdamWKernel::Fused ? "fused" : "foreach", i, largest);
        EXPECT_TRUE(torch::allclose(mine[i].cpu(), theirs[i].cpu(), 1e-5, 1e-7)) << "parameter " << i;
    }
    return ops;
}

TEST(OptimizerCuda, TheFusedKernelStepsTheGpusParametersAsTorchsAdamWDoes) {
    if (!torch::cuda::is_available()) GTEST_SKIP() << "no CUDA device (or a LibTorch without CUDA)";
    ASSERT_TRUE(adamwDeviceKernelAvailable())
        << "a CUDA build against LibTorch " << TORCH_VERSION << " has no _fused_adamw_";
    const std::vector<std::string> ops = stepAgainstTorch(AdamWKernel::Fused);
    EXPECT_TRUE(test::dispatched(ops, "aten::_fused_adamw_"));
    EXPECT_FALSE(test::dispatched(ops, "aten::_foreach_addcdiv_"));
}

TEST(OptimizerCuda, TheForeachKernelStepsTheGpusParametersAsTorchsAdamWDoes) {
    if (!torch::cuda::is_available()) GTEST_SKIP() << "no CUDA device (or a LibTorch without CUDA)";
    const std::vector<std::string> ops = stepAgainstTorch(AdamWKernel::Foreach);
    EXPECT_TRUE(test::dispatched(ops, "aten::_foreach_addcdiv_"));
    EXPECT_FALSE(test::dispatched(ops, "aten::_fused_adamw_"));
}

TEST(OptimizerCuda, ClippingMatchesTorchsAndLeavesTheNormOnTheGpu) {
    if (!torch::cuda::is_available()) GTEST_SKIP() << "no CUDA device (or a LibTorch without CUDA)";
    std::vector<torch::Tensor> mine = gpuParameters(9);
    for (auto& parameter : mine) parameter.mutable_grad() = torch::randn_like(parameter);
    std::vector<torch::Tensor> theirs = twins(mine);
    const torch::Tensor norm = clipGradNorm(mine, 1.0);
    const double torchNorm = torch::nn::utils::clip_grad_norm_(theirs, 1.0);
    ASSERT_GT(torchNorm, 1.0);  // the case under test: clipping happens
    EXPECT_TRUE(norm.is_cuda()) << "the norm was read back to the host";
    EXPECT_NEAR(norm.item<double>(), torchNorm, 1e-5 * torchNorm);
    for (std::size_t i = 0; i < mine.size(); ++i)
        EXPECT_TRUE(torch::allclose(mine[i].grad().cpu(), theirs[i].grad().cpu(), 1e-5, 1e-8)) << "parameter " << i;
}

}  // namespace
}  // namespace bb::optimizer_cuda_test
