// Parity with Hugging Face transformers v4.35.2 on the tiny fixture (tests/data/bridgetower-tiny,
// whose README gives the tolerances used here).
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <fstream>
#include <set>

#include <nlohmann/json.hpp>
#include <torch/torch.h>

#include "bridgebench/bridgetower_config.h"
#include "bridgebench/errors.h"
#include "model/bridgetower_heads.h"
#include "model/forward_outputs.h"
#include "model/fused_adamw.h"
#include "model/safetensors.h"
#include "model/state_dict_io.h"
#include "support/tiny_fixture.h"

namespace bb::bridgetower_parity_test {
namespace {

using test::kTinyContrastiveHeadKeys;
using test::kTinyItmHeadKeys;
using test::loadTinyFixtureModel;

const std::filesystem::path kFixture = test::tinyFixtureDir();
constexpr double kAtol = 1e-5;
constexpr double kRtol = 1e-4;
constexpr test::FixtureTolerance kTolerance{.absolute = kAtol, .relative = kRtol};

TEST(BridgeTowerParity, ContrastiveForwardMatchesEveryFixtureTensor) {
    auto model = loadTinyFixtureModel<BridgeTowerForContrastiveLearning>(kTinyItmHeadKeys);
    model->eval();
    torch::NoGradGuard noGrad;
    const auto inputs = test::tinyFixtureInputs();
    const auto output = model->forward(inputs.inputIds, inputs.attentionMask, inputs.pixelValues,
                                       {.returnLoss = true, .outputHiddenStates = true});
    test::expectMatchesFixture(namedOutputs(output), kFixture / "expected_contrastive.safetensors", kTolerance);
}

TEST(BridgeTowerParity, ItmForwardMatchesEveryFixtureTensor) {
    auto model = loadTinyFixtureModel<BridgeTowerForImageAndTextRetrieval>(kTinyContrastiveHeadKeys);
    model->eval();
    torch::NoGradGuard noGrad;
    const auto inputs = test::tinyFixtureInputs();
    const auto output = model->forward(inputs.inputIds, inputs.attentionMask, inputs.pixelValues, inputs.itmLabels);
    test::expectMatchesFixture(namedOutputs(output), kFixture / "expected_itm.safetensors", kTolerance);
}

TEST(BridgeTowerParity, StrictLoadOfTheUnionCheckpointReportsTheOtherHead) {
    BridgeTowerForContrastiveLearning model(loadBridgeTowerConfig(kFixture / "config.json"));
    try {
        loadStateDict(*model, SafetensorsFile(kFixture / "model.safetensors"));
        FAIL() << "expected InputError";
    } catch (const InputError& error) {
        EXPECT_THAT(error.what(), ::testing::HasSubstr("unexpected key: itm_score.fc.weight"));
        EXPECT_THAT(error.what(), ::testing::Not(::testing::HasSubstr("missing key")));
    }
}

TEST(BridgeTowerParity, StateDictKeysAreHuggingFacesKeys) {
    const auto config = loadBridgeTowerConfig(kFixture / "config.json");
    const SafetensorsFile weights(kFixture / "model.safetensors");
    std::set<std::string> contrastiveKeys;
    for (const auto& item : BridgeTowerForContrastiveLearning(config)->named_parameters())
        contrastiveKeys.insert(item.key());
    std::set<std::string> itmKeys;
    for (const auto& item : BridgeTowerForImageAndTextRetrieval(config)->named_parameters()) itmKeys.insert(item.key());
    EXPECT_EQ(contrastiveKeys.size(), 198u);
    EXPECT_EQ(itmKeys.size(), 193u);
    std::set<std::string> union_ = contrastiveKeys;
    union_.insert(itmKeys.begin(), itmKeys.end());
    std::set<std::string> fileKeys;
    for (const auto& entry : weights.entries()) fileKeys.insert(entry.name);
    EXPECT_EQ(union_, fileKeys);
}

class BridgeTowerTrainStep : public ::testing::Test {
protected:
    void SetUp() override {
        std::ifstream stream(kFixture / "train_step.json");
        m_expected = nlohmann::json::parse(stream);
    }
    template <typename Optimizer>
    void expectLossAfterOneStep(BridgeTowerForContrastiveLearning& model, const test::TinyFixtureInputs& inputs) {
        Optimizer optimizer(model->parameters(),
                            torch::optim::AdamWOptions(1e-3).betas({0.9, 0.999}).eps(1e-8).weight_decay(0.01));
        optimizer.step();
        const auto after = model->forward(inputs.inputIds, inputs.attentionMask, inputs.pixelValues).loss;
        EXPECT_NEAR(after.item<double>(), m_expected["loss_after_one_adamw_step"].get<double>(), 1e-5);
    }

    nlohmann::json m_expected;
};

TEST_F(BridgeTowerTrainStep, LossGradientNormsAndLossAfterOneAdamWStepMatch) {
    auto model = loadTinyFixtureModel<BridgeTowerForContrastiveLearning>(kTinyItmHeadKeys);
    model->train();
    const auto inputs = test::tinyFixtureInputs();
    const auto loss = model->forward(inputs.inputIds, inputs.attentionMask, inputs.pixelValues).loss;
    const double expectedLoss = m_expected["loss"].get<double>();
    EXPECT_NEAR(loss.item<double>(), expectedLoss, kAtol + kRtol * std::abs(expectedLoss));
    loss.backward();

    const auto& gradNorms = m_expected["grad_norms"];
    std::size_t checked = 0;
    double totalSquared = 0;
    for (const auto& item : model->named_parameters()) {
        ASSERT_TRUE(gradNorms.contains(item.key())) << item.key();
        const auto& expected = gradNorms[item.key()];
        const at::Tensor& grad = item.value().grad();
        ++checked;
        if (expected.is_null()) {
            EXPECT_FALSE(grad.defined()) << item.key() << " should receive no gradient";
            continue;
        }
        ASSERT_TRUE(grad.defined()) << item.key() << " received no gradient";
        const double norm = grad.to(at::kDouble).norm().item<double>();
        totalSquared += norm * norm;
        const double want = expected.get<double>();
        // Structurally zero gradients (key biases) are pure round-off: compare them absolutely.
        if (want > 1e-6) EXPECT_NEAR(norm, want, 1e-4 * want) << item.key();
        else EXPECT_LT(norm, 1e-6) << item.key();
    }
    EXPECT_EQ(checked, gradNorms.size());
    const double totalNorm = m_expected["total_grad_norm"].get<double>();
    EXPECT_NEAR(std::sqrt(totalSquared), totalNorm, 1e-4 * totalNorm);

    expectLossAfterOneStep<torch::optim::AdamW>(model, inputs);
}

TEST_F(BridgeTowerTrainStep, FusedAdamWStepGivesTheSameLoss) {
    auto model = loadTinyFixtureModel<BridgeTowerForContrastiveLearning>(kTinyItmHeadKeys);
    model->train();
    const auto inputs = test::tinyFixtureInputs();
    model->forward(inputs.inputIds, inputs.attentionMask, inputs.pixelValues).loss.backward();
    expectLossAfterOneStep<FusedAdamW>(model, inputs);
}

}  // namespace
}  // namespace bb::bridgetower_parity_test
