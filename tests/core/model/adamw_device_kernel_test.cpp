// LibTorch's _fused_adamw_ as the engine calls it for a GPU's parameters (adamw_device_kernel.h),
// here on CPU tensors: from 2.4 LibTorch has a CPU kernel behind the same call, so a build against
// 2.x (scripts/check-torch2-build.sh) checks the arguments, the shared step tensor included,
// before a GPU runs them. On 1.13 the kernel does not exist, and the call must say so.
#include "model/adamw_device_kernel.h"

#include <gtest/gtest.h>
#include <torch/torch.h>
#include <torch/version.h>

#include <cstdio>
#include <string>

#include "bridgebench/errors.h"
#include "util/torch_compat.h"

namespace bb {
namespace {

// A learning rate and decay well above training's, so that a wrong argument moves the parameters
// far past float rounding within four steps.
const auto kOptions = torch::optim::AdamWOptions(0.05).betas({0.9, 0.999}).eps(1e-8).weight_decay(0.1);

std::vector<torch::Tensor> parameters() {
    torch::manual_seed(11);
    std::vector<torch::Tensor> made;
    for (const auto& shape : std::vector<std::vector<int64_t>>{{257, 33}, {33}, {}, {3, 5, 7}})
        made.push_back(torch::randn(shape).requires_grad_(true));
    return made;
}

TEST(AdamWDeviceKernel, StepsAsTorchsAdamWWhereThisLibTorchHasIt) {
    if (!adamwDeviceKernelAvailable()) {
        AdamWTensors group;
        group.params = {torch::zeros({2})};
        try {
            adamwDeviceStep(group, kOptions, 1);
            ADD_FAILURE() << "LibTorch " << TORCH_VERSION << " stepped with a kernel it says it lacks";
        } catch (const Error& error) {
            EXPECT_NE(std::string(error.what()).find("_fused_adamw_"), std::string::npos) << error.what();
            EXPECT_NE(std::string(error.what()).find(TORCH_VERSION), std::string::npos) << error.what();
        }
        return;
    }
    if (!BB_TORCH_VERSION_AT_LEAST(2, 4))
        GTEST_SKIP() << "LibTorch " << TORCH_VERSION
                     << " has _fused_adamw_ for CUDA tensors only (its CPU kernel came in 2.4)";

    std::vector<torch::Tensor> mine = parameters();
    std::vector<torch::Tensor> theirs, before;
    AdamWTensors group;
    for (const auto& parameter : mine) {
        theirs.push_back(parameter.detach().clone().requires_grad_(true));
        before.push_back(parameter.detach().clone());
        group.params.push_back(parameter.detach());
        group.expAvgs.push_back(torch::zeros_like(parameter));
        group.expAvgSqs.push_back(torch::zeros_like(parameter));
    }
    torch::optim::AdamW reference(theirs, kOptions);
    // Four steps, so that a step count read wrongly (the bias corrections) or an argument in the
    // wrong place (betas, decay, eps) shows.
    for (std::int64_t step = 1; step <= 4; ++step) {
        torch::manual_seed(100 + step);
        group.grads.clear();
        for (std::size_t i = 0; i < mine.size(); ++i) {
            group.grads.push_back(torch::randn_like(mine[i]));
            theirs[i].mutable_grad() = group.grads.back().clone();
        }
        {
            torch::NoGradGuard noGrad;
            adamwDeviceStep(group, kOptions, step);
        }
        reference.step();
    }
    for (std::size_t i = 0; i < mine.size(); ++i) {
        const double largest = (mine[i] - theirs[i]).abs().max().item<double>();
        std::printf("[ parity   ] _fused_adamw_ on the CPU, parameter %zu: largest difference from torch's %.3g\n", i,
                    largest);
        EXPECT_FALSE(torch::equal(mine[i], before[i])) << "parameter " << i << " did not move";
        EXPECT_TRUE(torch::allclose(mine[i], theirs[i], 1e-5, 1e-7)) << "parameter " << i << ": " << largest;
    }
}

}  // namespace
}  // namespace bb
