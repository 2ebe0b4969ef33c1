// Parity with Hugging Face's outputs for the tiny fixture, on the GPU. Needs a CUDA device;
// labelled `cuda` in CTest (scripts/device-check.sh runs them) and skipped, saying why, where
// there is none. The CPU parity test (tests/core/bridgetower_parity_test.cpp) holds the same
// outputs to 1e-5; the GPU's kernels sum in other orders (and attention takes the fused path
// there), and bf16 keeps 8 bits of mantissa, hence the tolerances below.
#include <ATen/Context.h>
#include <gtest/gtest.h>
#include <torch/cuda.h>
#include <torch/torch.h>

#include <iostream>

#include "engine/autocast_guard.h"
#include "model/bridgetower_heads.h"
#include "model/forward_outputs.h"
#include "support/tiny_fixture.h"

namespace bb {
namespace {

// fp32 with TF32 off: ten times the CPU's tolerance for the reordered sums.
constexpr test::FixtureTolerance kFp32{.absolute = 1e-4, .relative = 1e-3};
// bf16 autocast errs in proportion to each tensor's range (bf16 steps of 2^-8 compounding
// through the layers): 8 % of its largest value, plus a floor for tensors near 0. CPU autocast
// (this test on a CPU device, tried by hand) came within 3.3 % (contrastive) and 0.8 % (ITM);
// CUDA's autocast casts more operations. Wrong weights or a broken kernel err by the whole range.
constexpr test::FixtureTolerance kBf16{.absolute = 1e-2, .scaleRelative = 8e-2};

class BridgeTowerParityCuda : public ::testing::TestWithParam<std::string> {
protected:
    void SetUp() override {
        if (!torch::cuda::is_available()) GTEST_SKIP() << "no CUDA device (or a LibTorch without CUDA)";
        // A run's tf32 key may have allowed TF32 products in this process; fp32 here means fp32.
        m_previousTf32 = at::globalContext().allowTF32CuBLAS();
        at::globalContext().setAllowTF32CuBLAS(false);
    }
    void TearDown() override { at::globalContext().setAllowTF32CuBLAS(m_previousTf32); }

    static test::FixtureTolerance tolerance() { return GetParam() == "bf16" ? kBf16 : kFp32; }
    // The closest the outputs came, in the test's XML and log, so that a closing note can give
    // the figure and not only "passed".
    void record(const char* what, const test::FixtureDeviation& worst) {
        RecordProperty(std::string(what) + "_worst_deviation_of_range", std::to_string(worst.ofRange));
        std::cout << "[ parity   ] " << GetParam() << " " << what << ": largest |diff| is " << worst.ofRange
                  << " of the largest |value|, in " << worst.tensor << "\n";
    }

    // The fixture's model and inputs on the first GPU, in eval mode, one forward pass under the
    // test's precision.
    template <typename Model, typename Forward>
    static auto forwardOnGpu(const std::vector<std::string>& otherHeadKeys, Forward forward) {
        const torch::Device device(torch::kCUDA, 0);
        auto model = test::loadTinyFixtureModel<Model>(otherHeadKeys);
        model->to(device);
        model->eval();
        torch::NoGradGuard noGrad;
        const auto inputs = test::tinyFixtureInputs().to(device);
        AutocastGuard autocast(GetParam(), device);
        return forward(model, inputs);
    }

private:
    bool m_previousTf32 = false;
};

TEST_P(BridgeTowerParityCuda, ContrastiveForwardMatchesEveryFixtureTensor) {
    const auto output = forwardOnGpu<BridgeTowerForContrastiveLearning>(
        test::kTinyItmHeadKeys, [](auto& model, const test::TinyFixtureInputs& inputs) {
            return model->forward(inputs.inputIds, inputs.attentionMask, inputs.pixelValues,
                                  {.returnLoss = true, .outputHiddenStates = true});
        });
    ASSERT_TRUE(output.loss.is_cuda());
    record("contrastive", test::expectMatchesFixture(namedOutputs(output),
                                                     test::tinyFixtureDir() / "expected_contrastive.safetensors",
                                                     tolerance()));
}

TEST_P(BridgeTowerParityCuda, ItmForwardMatchesEveryFixtureTensor) {
    const auto output = forwardOnGpu<BridgeTowerForImageAndTextRetrieval>(
        test::kTinyContrastiveHeadKeys, [](auto& model, const test::TinyFixtureInputs& inputs) {
            return model->forward(inputs.inputIds, inputs.attentionMask, inputs.pixelValues, inputs.itmLabels);
        });
    ASSERT_TRUE(output.logits.is_cuda());
    record("itm", test::expectMatchesFixture(namedOutputs(output), test::tinyFixtureDir() / "expected_itm.safetensors",
                                             tolerance()));
}

INSTANTIATE_TEST_SUITE_P(Precisions, BridgeTowerParityCuda, ::testing::Values("fp32", "bf16"),
                         [](const ::testing::TestParamInfo<std::string>& info) { return info.param; });

}  // namespace
}  // namespace bb
