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

namespace bb {
namespace {

using ::testing::IsEmpty;
using ::testing::UnorderedElementsAreArray;

const std::vector<std::string> kItmHeadKeys = {"itm_score.fc.weight", "itm_score.fc.bias"};
const std::vector<std::string> kContrastiveHeadKeys = {
    "itc_text_head.fc.weight",       "itc_text_head.fc.bias",        "itc_image_head.fc.weight",
    "itc_image_head.fc.bias",        "itc_cross_modal_head.fc.weight", "itc_cross_modal_head.fc.bias",
    "logit_scale"};

const std::filesystem::path kFixture = std::filesystem::path(BB_TEST_DATA_DIR) / "bridgetower-tiny";
constexpr double kAtol = 1e-5;
constexpr double kRtol = 1e-4;

struct FixtureInputs {
    at::Tensor inputIds;
    at::Tensor attentionMask;
    at::Tensor pixelValues;
    at::Tensor itmLabels;
};

FixtureInputs fixtureInputs() {
    const SafetensorsFile file(kFixture / "inputs.safetensors");
    return {file.tensor("input_ids"), file.tensor("attention_mask"), file.tensor("pixel_values"),
            file.tensor("itm_labels")};
}

// The fixture holds both heads; each model must find all its keys and leave exactly the other's.
template <typename Model>
Model loadFixtureModel(const std::vector<std::string>& otherHeadKeys) {
    Model model(loadBridgeTowerConfig(kFixture / "config.json"));
    const auto report = loadStateDict(*model, SafetensorsFile(kFixture / "model.safetensors"), LoadMode::kLenient);
    EXPECT_THAT(report.missingKeys, IsEmpty());
    EXPECT_THAT(report.shapeMismatches, IsEmpty());
    EXPECT_THAT(report.unexpectedKeys, UnorderedElementsAreArray(otherHeadKeys));
    return model;
}

// |actual - expected| <= atol + rtol * |expected| everywhere, with the worst element in the message.
void expectClose(const std::string& name, const at::Tensor& actual, const at::Tensor& expected) {
    ASSERT_EQ(actual.sizes(), expected.sizes()) << name;
    const at::Tensor a = actual.detach().to(at::kDouble);
    const at::Tensor e = expected.to(at::kDouble);
    const at::Tensor excess = (a - e).abs() - (kAtol + kRtol * e.abs());
    EXPECT_LE(excess.max().item<double>(), 0.0)
        << name << ": max |diff| " << (a - e).abs().max().item<double>();
}

void expectMatchesFixture(const NamedTensors& outputs, const std::filesystem::path& expectedPath) {
    const SafetensorsFile expected(expectedPath);
    std::set<std::string> produced;
    for (const auto& [name, tensor] : outputs) {
        produced.insert(name);
        if (expected.find(name)) expectClose(name, tensor, expected.tensor(name));
    }
    for (const auto& entry : expected.entries())
        EXPECT_TRUE(produced.contains(entry.name)) << "no output for fixture tensor " << entry.name;
}

TEST(BridgeTowerParity, ContrastiveForwardMatchesEveryFixtureTensor) {
    auto model = loadFixtureModel<BridgeTowerForContrastiveLearning>(kItmHeadKeys);
    model->eval();
    torch::NoGradGuard noGrad;
    const auto inputs = fixtureInputs();
    const auto output = model->forward(inputs.inputIds, inputs.attentionMask, inputs.pixelValues,
                                       {.returnLoss = true, .outputHiddenStates = true});
    expectMatchesFixture(namedOutputs(output), kFixture / "expected_contrastive.safetensors");
}

TEST(BridgeTowerParity, ItmForwardMatchesEveryFixtureTensor) {
    auto model = loadFixtureModel<BridgeTowerForImageAndTextRetrieval>(kContrastiveHeadKeys);
    model->eval();
    torch::NoGradGuard noGrad;
    const auto inputs = fixtureInputs();
    const auto output = model->forward(inputs.inputIds, inputs.attentionMask, inputs.pixelValues, inputs.itmLabels);
    expectMatchesFixture(namedOutputs(output), kFixture / "expected_itm.safetensors");
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
    void expectLossAfterOneStep(BridgeTowerForContrastiveLearning& model, const FixtureInputs& inputs) {
        Optimizer optimizer(model->parameters(),
                            torch::optim::AdamWOptions(1e-3).betas({0.9, 0.999}).eps(1e-8).weight_decay(0.01));
        optimizer.step();
        const auto after = model->forward(inputs.inputIds, inputs.attentionMask, inputs.pixelValues).loss;
        EXPECT_NEAR(after.item<double>(), m_expected["loss_after_one_adamw_step"].get<double>(), 1e-5);
    }

    nlohmann::json m_expected;
};

TEST_F(BridgeTowerTrainStep, LossGradientNormsAndLossAfterOneAdamWStepMatch) {
    auto model = loadFixtureModel<BridgeTowerForContrastiveLearning>(kItmHeadKeys);
    model->train();
    const auto inputs = fixtureInputs();
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
    auto model = loadFixtureModel<BridgeTowerForContrastiveLearning>(kItmHeadKeys);
    model->train();
    const auto inputs = fixtureInputs();
    model->forward(inputs.inputIds, inputs.attentionMask, inputs.pixelValues).loss.backward();
    expectLossAfterOneStep<FusedAdamW>(model, inputs);
}

}  // namespace
}  // namespace bb
