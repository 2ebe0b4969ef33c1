#include "bridgebench/model_forward.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <fstream>

#include <torch/torch.h>

#include "bridgebench/errors.h"
#include "model/bridgetower_heads.h"
#include "model/safetensors.h"
#include "model/state_dict_io.h"
#include "support/temp_dir.h"

namespace bb {
namespace {

using ::testing::HasSubstr;

// A config unlike the fixture's: width 128, 2 text heads, 3 text layers, 3 vision blocks,
// 3 cross-modal layers (split index 1), 24 px images in 6 px patches.
constexpr const char* kConfigJson = R"({
    "hidden_size": 128, "num_hidden_layers": 3, "contrastive_hidden_size": 16,
    "text_config": {"vocab_size": 50, "hidden_size": 128, "num_hidden_layers": 3, "num_attention_heads": 2,
                    "intermediate_size": 96, "max_position_embeddings": 20,
                    "hidden_dropout_prob": 0.3, "attention_probs_dropout_prob": 0.3},
    "vision_config": {"hidden_size": 128, "num_hidden_layers": 3, "patch_size": 6, "image_size": 24}})";

class ModelForwardFiles : public ::testing::Test {
protected:
    void SetUp() override {
        std::ofstream(m_dir.file("config.json")) << kConfigJson;
        const auto config = loadBridgeTowerConfig(m_dir.file("config.json"));
        torch::manual_seed(5);
        m_model = makeContrastiveModel(config);
        saveStateDict(*m_model, m_dir.file("weights.safetensors"));
        m_ids = at::randint(3, 50, {2, 6}, at::kLong);
        m_mask = at::ones({2, 6}, at::kLong);
        m_mask[1].slice(0, 4).zero_();
        m_ids[1].slice(0, 4).fill_(1);
        m_pixels = at::randn({2, 3, 24, 24});
        writeSafetensors(m_dir.file("inputs.safetensors"),
                         {{"input_ids", m_ids}, {"attention_mask", m_mask}, {"pixel_values", m_pixels}});
    }

    ModelForwardRequest request() const {
        return {.configPath = m_dir.file("config.json"),
                .weightsPath = m_dir.file("weights.safetensors"),
                .inputsPath = m_dir.file("inputs.safetensors"),
                .head = ModelHead::kContrastive,
                .outputPath = m_dir.file("out.safetensors")};
    }

    test::TempDir m_dir;
    BridgeTowerForContrastiveLearning m_model{nullptr};
    at::Tensor m_ids, m_mask, m_pixels;
};

TEST_F(ModelForwardFiles, ContrastiveOutputsEqualTheInProcessModelInEvalMode) {
    const auto result = runModelForward(request());
    EXPECT_TRUE(result.ignoredWeights.empty());
    EXPECT_EQ(result.outputNames.size(), 9u + 3u + 4u + 4u + 6u);  // heads, trunk, text, image, cross states

    m_model->eval();
    torch::NoGradGuard noGrad;
    const auto expected = m_model->forward(m_ids, m_mask, m_pixels, {.outputHiddenStates = true});
    const SafetensorsFile out(m_dir.file("out.safetensors"));
    EXPECT_TRUE(at::allclose(out.tensor("loss"), expected.loss));
    EXPECT_TRUE(at::allclose(out.tensor("logits"), expected.logits));
    EXPECT_TRUE(at::allclose(out.tensor("bridgetower.pooler_output"), expected.trunk.poolerOutput));
    EXPECT_EQ(out.tensor("bridgetower.hidden_states.image.3").sizes(), at::IntArrayRef({2, 17, 128}));
    EXPECT_EQ(out.tensor("bridgetower.hidden_states.cross.2.text").sizes(), at::IntArrayRef({2, 6, 128}));
}

TEST_F(ModelForwardFiles, ItmHeadIgnoresContrastiveWeightsButNeedsItsOwn) {
    auto itmRequest = request();
    itmRequest.head = ModelHead::kItm;
    try {
        runModelForward(itmRequest);
        FAIL() << "expected InputError";
    } catch (const InputError& error) {
        EXPECT_THAT(error.what(), HasSubstr("missing key: itm_score.fc.weight"));
        EXPECT_THAT(error.what(), ::testing::Not(HasSubstr("itc_text_head")));
    }
}

TEST_F(ModelForwardFiles, InputsThatDoNotFitNameTheTensor) {
    const std::vector<std::pair<NamedTensors, std::string>> cases = {
        {{{"input_ids", m_ids}}, "'pixel_values': not found"},
        {{{"input_ids", m_ids}, {"pixel_values", at::randn({2, 3, 32, 32})}}, "'pixel_values': shape [2, 3, 32, 32]"},
        {{{"input_ids", m_ids.to(at::kFloat)}, {"pixel_values", m_pixels}}, "'input_ids': must be I64"},
        {{{"input_ids", m_ids + 50}, {"pixel_values", m_pixels}}, "'input_ids': ids must be in [0, 50)"},
        {{{"input_ids", at::ones({2, 19}, at::kLong)}, {"pixel_values", m_pixels}}, "'input_ids': shape [2, 19]"},
        {{{"input_ids", m_ids}, {"attention_mask", m_mask.slice(1, 0, 5)}, {"pixel_values", m_pixels}},
         "'attention_mask': shape [2, 5]"},
    };
    for (const auto& [tensors, expected] : cases) {
        writeSafetensors(m_dir.file("inputs.safetensors"), tensors);
        try {
            runModelForward(request());
            ADD_FAILURE() << "expected InputError for " << expected;
        } catch (const InputError& error) {
            EXPECT_THAT(error.what(), HasSubstr("inputs.safetensors"));
            EXPECT_THAT(error.what(), HasSubstr(expected));
        }
    }
}

}  // namespace
}  // namespace bb
