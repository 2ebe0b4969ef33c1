#include "model/fused_adamw.h"

#include <gtest/gtest.h>

#include <torch/torch.h>

#include <cmath>
#include <tuple>
#include <vector>

#include "support/dispatched_ops.h"
#include "util/torch_compat.h"

namespace bb {
namespace {

struct Params {
    std::vector<torch::Tensor> tensors;
};

// Float parameters of a few shapes (one never gets a gradient, one is a double), equal copies.
std::pair<Params, Params> twinParams() {
    torch::manual_seed(7);
    Params a;
    for (const auto& shape : std::vector<std::vector<int64_t>>{{5, 3}, {7}, {}, {40000}, {2, 2}})
        a.tensors.push_back(torch::randn(shape).requires_grad_(true));
    a.tensors.push_back(torch::randn({3}, torch::kDouble).requires_grad_(true));
    Params b;
    for (const auto& t : a.tensors) b.tensors.push_back(t.detach().clone().requires_grad_(true));
    return {a, b};
}

void setGrads(Params& params, int step) {
    torch::manual_seed(100 + step);
    for (std::size_t i = 0; i < params.tensors.size(); ++i) {
        if (i == 4) continue;  // no gradient: must stay untouched, decay included
        params.tensors[i].mutable_grad() = torch::randn_like(params.tensors[i]) * static_cast<double>(i + 1);
    }
}

TEST(FusedAdamW, MatchesTorchAdamWOverSeveralSteps) {
    auto [fusedParams, torchParams] = twinParams();
    const auto options = torch::optim::AdamWOptions(1e-2).betas({0.8, 0.99}).eps(1e-6).weight_decay(0.1);
    FusedAdamW fused(fusedParams.tensors, options);
    torch::optim::AdamW reference(torchParams.tensors, options);
    for (int step = 0; step < 4; ++step) {
        setGrads(fusedParams, step);
        setGrads(torchParams, step);
        fused.step();
        reference.step();
    }
    for (std::size_t i = 0; i < fusedParams.tensors.size(); ++i)
        EXPECT_TRUE(torch::allclose(fusedParams.tensors[i], torchParams.tensors[i], 1e-5, 1e-7)) << i;
    const auto untouched = twinParams().first.tensors[4];
    EXPECT_TRUE(torch::equal(fusedParams.tensors[4], untouched));
    EXPECT_FALSE(torch::allclose(fusedParams.tensors[0], twinParams().first.tensors[0]));
}

// Each operation of the loop rounded to float as written, never fused into a multiply-add:
// a float rounding at a time, through calls the compiler cannot fuse across.
[[gnu::noinline]] float roundedProduct(float a, float b) { return a * b; }

struct LoopFormula {
    float decay, beta1, oneMinusBeta1, beta2, oneMinusBeta2, biasCorrection2Sqrt, eps, negativeStepSize;
    LoopFormula(const torch::optim::AdamWOptions& o, int step) {
        const double b1 = std::get<0>(o.betas());
        const double b2 = std::get<1>(o.betas());
        decay = static_cast<float>(1 - o.lr() * o.weight_decay());
        beta1 = static_cast<float>(b1);
        oneMinusBeta1 = static_cast<float>(1 - b1);
        beta2 = static_cast<float>(b2);
        oneMinusBeta2 = static_cast<float>(1 - b2);
        biasCorrection2Sqrt = static_cast<float>(std::sqrt(1 - std::pow(b2, step)));
        eps = static_cast<float>(o.eps());
        negativeStepSize = static_cast<float>(-o.lr() / (1 - std::pow(b1, step)));
    }
    void apply(float& param, float grad, float& expAvg, float& expAvgSq) const {
        expAvg = roundedProduct(expAvg, beta1) + roundedProduct(oneMinusBeta1, grad);
        expAvgSq = roundedProduct(expAvgSq, beta2) + roundedProduct(roundedProduct(oneMinusBeta2, grad), grad);
        const float denom = std::sqrt(expAvgSq) / biasCorrection2Sqrt + eps;
        param = roundedProduct(param, decay) + roundedProduct(negativeStepSize, expAvg / denom);
    }
};

// The float32 loop is cloned for the CPU's vector unit (AVX-512, AVX2, baseline SSE2) and chosen
// at load time. AVX-512 brings its own multiply-add, which a compiler contracts a * b + c into
// unless told not to; the clones would then step parameters to other bits on other CPUs, and
// two ranks of a data-parallel run on different machines would drift apart from identical
// gradients. Whichever clone this CPU runs must give the loop's formula bit for bit.
TEST(FusedAdamW, TheFloatLoopGivesItsFormulasBitsWhicheverVectorUnitRunsIt) {
    torch::manual_seed(5);
    // Long enough for every vector width, odd so that each clone's scalar tail runs too.
    at::Tensor param = torch::randn({40013}).requires_grad_(true);
    const at::Tensor initial = param.detach().clone();
    const auto options = torch::optim::AdamWOptions(3e-2).betas({0.8, 0.99}).eps(1e-6).weight_decay(0.1);
    FusedAdamW fused({param}, options, AdamWKernel::Fused);
    std::vector<float> expected(param.data_ptr<float>(), param.data_ptr<float>() + param.numel());
    std::vector<float> expAvg(expected.size(), 0.0f);
    std::vector<float> expAvgSq(expected.size(), 0.0f);
    for (int step = 1; step <= 3; ++step) {
        param.mutable_grad() = torch::randn_like(param) * 4;
        const float* grad = param.grad().data_ptr<float>();
        const LoopFormula formula(options, step);
        for (std::size_t i = 0; i < expected.size(); ++i) formula.apply(expected[i], grad[i], expAvg[i], expAvgSq[i]);
        fused.step();
    }
    const at::Tensor want = torch::from_blob(expected.data(), {param.numel()}, torch::kFloat);
    const at::Tensor differs = param.ne(want);
    EXPECT_EQ(differs.sum().item<int64_t>(), 0)
        << "elements off the formula's bits; largest difference " << (param - want).abs().max().item<float>();
    EXPECT_FALSE(torch::equal(param, initial));
}

// Each parameter's state sits under the key LibTorch's own AdamW uses (text in 1.13, the
// TensorImpl's address in 2.x), so that the two agree on whose state is whose.
TEST(FusedAdamW, KeepsEachParametersStateUnderLibTorchsKey) {
    auto [fusedParams, torchParams] = twinParams();
    const auto options = torch::optim::AdamWOptions(1e-2);
    FusedAdamW fused(fusedParams.tensors, options);
    torch::optim::AdamW reference(torchParams.tensors, options);
    setGrads(fusedParams, 0);
    setGrads(torchParams, 0);
    fused.step();
    reference.step();
    using StateMap = std::decay_t<decltype(reference.state())>;
    ASSERT_EQ(fused.state().size(), reference.state().size());
    for (std::size_t i = 0; i < fusedParams.tensors.size(); ++i) {
        const bool stepped = i != 4;
        EXPECT_EQ(reference.state().count(compat::optimizerStateKey<StateMap>(torchParams.tensors[i])), stepped ? 1U : 0U) << i;
        EXPECT_EQ(fused.state().count(compat::optimizerStateKey<StateMap>(fusedParams.tensors[i])), stepped ? 1U : 0U) << i;
    }
}

// Parameters the CPU kernel does not take (double here; CUDA ones in a run, tests/cuda) are
// updated by multi-tensor ops, grouped by step count: one parameter gets no gradient in the first
// two steps, so it is a step behind the others from then on.
TEST(FusedAdamW, OtherParametersTakeTheMultiTensorPathGroupedByStep) {
    torch::manual_seed(11);
    std::vector<torch::Tensor> mine;
    for (const auto& shape : std::vector<std::vector<int64_t>>{{5, 3}, {7}, {}, {4000}})
        mine.push_back(torch::randn(shape, torch::kDouble).requires_grad_(true));
    std::vector<torch::Tensor> theirs;
    for (const auto& t : mine) theirs.push_back(t.detach().clone().requires_grad_(true));
    const auto options = torch::optim::AdamWOptions(1e-2).betas({0.8, 0.99}).eps(1e-6).weight_decay(0.1);
    FusedAdamW fused(mine, options);
    torch::optim::AdamW reference(theirs, options);
    for (int step = 0; step < 5; ++step) {
        for (auto* params : {&mine, &theirs}) {
            torch::manual_seed(200 + step);
            for (std::size_t i = 0; i < params->size(); ++i) {
                auto& grad = (*params)[i].mutable_grad();
                grad = (i == 2 && step < 2) ? torch::Tensor() : torch::randn_like((*params)[i]);
            }
        }
        fused.step();
        reference.step();
    }
    for (std::size_t i = 0; i < mine.size(); ++i)
        EXPECT_TRUE(torch::allclose(mine[i], theirs[i], 1e-12, 1e-14)) << i;
}

TEST(FusedAdamW, LearningRateChangesBetweenStepsAreHonoured) {
    auto [fusedParams, torchParams] = twinParams();
    FusedAdamW fused(fusedParams.tensors, torch::optim::AdamWOptions(1e-3));
    torch::optim::AdamW reference(torchParams.tensors, torch::optim::AdamWOptions(1e-3));
    for (int step = 0; step < 2; ++step) {
        for (auto* optimizer : std::vector<torch::optim::Optimizer*>{&fused, &reference})
            for (auto& group : optimizer->param_groups()) group.options().set_lr(1e-3 * (step + 1));
        setGrads(fusedParams, step);
        setGrads(torchParams, step);
        fused.step();
        reference.step();
    }
    EXPECT_TRUE(torch::allclose(fusedParams.tensors[3], torchParams.tensors[3], 1e-5, 1e-7));
}

// optimizer_kernel=foreach: float32 CPU parameters, which the one-pass loop takes by default,
// go through the multi-tensor ops too, with the same numbers as torch's AdamW.
TEST(FusedAdamW, TheForeachKernelTakesMultiTensorOpsForFloatParametersToo) {
    auto [mine, theirs] = twinParams();
    mine.tensors.pop_back();  // the double, which takes the multi-tensor ops either way
    theirs.tensors.pop_back();
    auto [loop, unused] = twinParams();
    loop.tensors.pop_back();
    const auto options = torch::optim::AdamWOptions(1e-2).betas({0.8, 0.99}).eps(1e-6).weight_decay(0.1);
    FusedAdamW multiTensor(mine.tensors, options, AdamWKernel::Foreach);
    FusedAdamW fused(loop.tensors, options, AdamWKernel::Fused);
    torch::optim::AdamW reference(theirs.tensors, options);
    EXPECT_EQ(multiTensor.kernel(), AdamWKernel::Foreach);
    std::vector<std::string> foreachOps;
    std::vector<std::string> fusedOps;
    for (int step = 0; step < 3; ++step) {
        setGrads(mine, step);
        setGrads(theirs, step);
        setGrads(loop, step);
        foreachOps = test::dispatchedOps([&] { multiTensor.step(); });
        fusedOps = test::dispatchedOps([&] { fused.step(); });
        reference.step();
    }
    EXPECT_TRUE(test::dispatched(foreachOps, "aten::_foreach_addcdiv_"));
    EXPECT_FALSE(test::dispatched(fusedOps, "aten::_foreach_addcdiv_")) << "the float32 loop was not taken";
    for (std::size_t i = 0; i < mine.tensors.size(); ++i)
        EXPECT_TRUE(torch::allclose(mine.tensors[i], theirs.tensors[i], 1e-6, 1e-8)) << i;
}

}  // namespace
}  // namespace bb
