// The optimizer step and gradient clipping on CUDA parameters: the multi-tensor paths that CUDA
// tensors take (fused_adamw.h, fused_grad_clip.h) against torch's own, on the GPU.
#include <gtest/gtest.h>
#include <torch/cuda.h>
#include <torch/torch.h>

#include "model/fused_adamw.h"
#include "model/fused_grad_clip.h"

namespace bb {
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

TEST(OptimizerCuda, AdamWMatchesTorchsOnTheGpu) {
    if (!torch::cuda::is_available()) GTEST_SKIP() << "no CUDA device (or a LibTorch without CUDA)";
    std::vector<torch::Tensor> mine = gpuParameters(5);
    std::vector<torch::Tensor> theirs = twins(mine);
    const auto options = torch::optim::AdamWOptions(1e-3).betas({0.9, 0.999}).eps(1e-8).weight_decay(0.01);
    FusedAdamW fused(mine, options);
    torch::optim::AdamW reference(theirs, options);
    for (int step = 0; step < 4; ++step) {
        for (auto* params : {&mine, &theirs}) {
            torch::manual_seed(50 + step);
            for (auto& parameter : *params) parameter.mutable_grad() = torch::randn_like(parameter);
        }
        fused.step();
        reference.step();
    }
    for (std::size_t i = 0; i < mine.size(); ++i) {
        ASSERT_TRUE(mine[i].is_cuda());
        EXPECT_TRUE(torch::allclose(mine[i].cpu(), theirs[i].cpu(), 1e-5, 1e-7)) << "parameter " << i;
    }
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
}  // namespace bb
