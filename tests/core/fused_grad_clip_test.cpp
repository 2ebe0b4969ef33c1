#include "model/fused_grad_clip.h"

#include <cmath>
#include <limits>

#include <gtest/gtest.h>

#include <torch/torch.h>

namespace bb {
namespace {

// Float parameters of a few shapes, one of them large enough to be split across threads and
// one that never gets a gradient; `scale` sets how large the gradients are.
std::vector<torch::Tensor> parametersWithGrads(double scale) {
    torch::manual_seed(3);
    std::vector<torch::Tensor> parameters;
    for (const auto& shape : std::vector<std::vector<int64_t>>{{5, 3}, {7}, {}, {300001}, {2, 2}})
        parameters.push_back(torch::randn(shape).requires_grad_(true));
    for (std::size_t i = 0; i < parameters.size(); ++i) {
        if (i == 4) continue;
        parameters[i].mutable_grad() = torch::randn_like(parameters[i]) * scale;
    }
    return parameters;
}

std::vector<torch::Tensor> cloneWithGrads(const std::vector<torch::Tensor>& parameters) {
    std::vector<torch::Tensor> copies;
    for (const auto& parameter : parameters) {
        auto copy = parameter.detach().clone().requires_grad_(true);
        if (parameter.grad().defined()) copy.mutable_grad() = parameter.grad().clone();
        copies.push_back(copy);
    }
    return copies;
}

void expectSameGrads(const std::vector<torch::Tensor>& a, const std::vector<torch::Tensor>& b) {
    // torch sums each norm in float, this in double: the coefficients differ in the sixth digit.
    for (std::size_t i = 0; i < a.size(); ++i) {
        ASSERT_EQ(a[i].grad().defined(), b[i].grad().defined()) << "parameter " << i;
        if (a[i].grad().defined()) {
            EXPECT_TRUE(torch::allclose(a[i].grad(), b[i].grad(), 1e-5, 1e-9)) << "parameter " << i;
        }
    }
}

TEST(FusedGradClip, ScalesLikeTorchWhenTheNormIsAboveTheLimit) {
    auto fused = parametersWithGrads(0.01);
    auto reference = cloneWithGrads(fused);
    const double fusedNorm = clipGradNorm(fused, 1.0).item<double>();
    const double torchNorm = torch::nn::utils::clip_grad_norm_(reference, 1.0);
    ASSERT_GT(torchNorm, 1.0);  // the case under test: clipping happens
    EXPECT_NEAR(fusedNorm, torchNorm, 1e-5 * torchNorm);
    expectSameGrads(fused, reference);
    double squares = 0;
    for (const auto& parameter : fused)
        if (parameter.grad().defined()) squares += parameter.grad().pow(2).sum().item<double>();
    EXPECT_NEAR(std::sqrt(squares), 1.0, 1e-5);
}

TEST(FusedGradClip, LeavesGradientsBelowTheLimitAlone) {
    auto fused = parametersWithGrads(1e-5);
    const auto before = cloneWithGrads(fused);
    const double norm = clipGradNorm(fused, 1.0).item<double>();
    EXPECT_LT(norm, 1.0);
    for (std::size_t i = 0; i < fused.size(); ++i) {
        if (fused[i].grad().defined()) {
            EXPECT_TRUE(torch::equal(fused[i].grad(), before[i].grad())) << i;
        }
    }
}

TEST(FusedGradClip, HandsOtherGradientsToTorch) {
    auto fused = parametersWithGrads(0.01);
    fused.push_back(torch::randn({6}, torch::kDouble).requires_grad_(true));
    fused.back().mutable_grad() = torch::randn({6}, torch::kDouble) * 100;
    auto reference = cloneWithGrads(fused);
    EXPECT_NEAR(clipGradNorm(fused, 0.5).item<double>(), torch::nn::utils::clip_grad_norm_(reference, 0.5), 1e-9);
    expectSameGrads(fused, reference);
}

// Gradients of one device and dtype that the CPU kernel does not take (double here; CUDA ones in
// a run) go through the multi-tensor path, whose norm stays a tensor; the same path runs on a
// GPU in tests/cuda.
TEST(FusedGradClip, UniformOtherGradientsTakeTheMultiTensorPath) {
    for (const double scale : {100.0, 1e-4}) {
        std::vector<torch::Tensor> fused;
        for (const auto& parameter : parametersWithGrads(scale)) {
            fused.push_back(parameter.detach().to(torch::kDouble).requires_grad_(true));
            if (parameter.grad().defined()) fused.back().mutable_grad() = parameter.grad().to(torch::kDouble);
        }
        auto reference = cloneWithGrads(fused);
        const torch::Tensor norm = clipGradNorm(fused, 0.5);
        EXPECT_EQ(norm.scalar_type(), torch::kDouble);
        EXPECT_NEAR(norm.item<double>(), torch::nn::utils::clip_grad_norm_(reference, 0.5), 1e-9 * norm.item<double>());
        for (std::size_t i = 0; i < fused.size(); ++i) {
            if (!fused[i].grad().defined()) continue;
            EXPECT_TRUE(torch::allclose(fused[i].grad(), reference[i].grad(), 1e-12, 1e-15)) << scale << ", " << i;
        }
    }
    auto nan = parametersWithGrads(0.01);
    for (auto& parameter : nan)
        if (parameter.grad().defined()) parameter.mutable_grad() = parameter.grad().to(torch::kDouble);
    nan[1].grad()[3] = std::numeric_limits<double>::quiet_NaN();
    EXPECT_TRUE(std::isnan(clipGradNorm(nan, 1.0).item<double>()));
    EXPECT_TRUE(torch::isnan(nan[0].grad()).all().item<bool>());
}

TEST(FusedGradClip, ANonFiniteNormReachesTheGradientsAsWithTorch) {
    auto fused = parametersWithGrads(0.01);
    fused[1].grad()[3] = std::numeric_limits<float>::quiet_NaN();
    EXPECT_TRUE(std::isnan(clipGradNorm(fused, 1.0).item<double>()));
    EXPECT_TRUE(torch::isnan(fused[0].grad()).all().item<bool>()) << "a NaN must not be hidden by skipping the scale";
}

TEST(FusedGradClip, NoGradientsGiveANormOfZero) {
    std::vector<torch::Tensor> parameters{torch::randn({3}).requires_grad_(true)};
    EXPECT_EQ(clipGradNorm(parameters, 1.0).item<double>(), 0.0);
}

}  // namespace
}  // namespace bb
