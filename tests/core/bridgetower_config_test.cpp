#include "bridgebench/bridgetower_config.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <fstream>
#include <functional>

#include "bridgebench/errors.h"
#include "support/temp_dir.h"

namespace bb::bridgetower_config_test {
namespace {

using ::testing::HasSubstr;

const std::filesystem::path kFixtureConfig =
    std::filesystem::path(BB_TEST_DATA_DIR) / "bridgetower-tiny" / "config.json";

std::string keyOfError(const std::function<void()>& action) {
    try {
        action();
    } catch (const ConfigError& error) {
        return error.key();
    }
    return "(no error)";
}

std::string keyOfJson(const std::string& json) {
    return keyOfError([&] { parseBridgeTowerConfig(json, "test.json"); });
}

void expectSameArchitecture(const BridgeTowerConfig& a, const BridgeTowerConfig& b) {
    EXPECT_EQ(a.hiddenSize, b.hiddenSize);
    EXPECT_EQ(a.numHiddenLayers, b.numHiddenLayers);
    EXPECT_EQ(a.layerNormEps, b.layerNormEps);
    EXPECT_EQ(a.linkTowerType, b.linkTowerType);
    EXPECT_EQ(a.contrastiveHiddenSize, b.contrastiveHiddenSize);
    EXPECT_EQ(a.logitScaleInitValue, b.logitScaleInitValue);
    EXPECT_EQ(a.text.vocabSize, b.text.vocabSize);
    EXPECT_EQ(a.text.hiddenSize, b.text.hiddenSize);
    EXPECT_EQ(a.text.numHiddenLayers, b.text.numHiddenLayers);
    EXPECT_EQ(a.text.numAttentionHeads, b.text.numAttentionHeads);
    EXPECT_EQ(a.text.intermediateSize, b.text.intermediateSize);
    EXPECT_EQ(a.text.hiddenAct, b.text.hiddenAct);
    EXPECT_EQ(a.text.hiddenDropoutProb, b.text.hiddenDropoutProb);
    EXPECT_EQ(a.text.attentionProbsDropoutProb, b.text.attentionProbsDropoutProb);
    EXPECT_EQ(a.text.maxPositionEmbeddings, b.text.maxPositionEmbeddings);
    EXPECT_EQ(a.text.typeVocabSize, b.text.typeVocabSize);
    EXPECT_EQ(a.text.padTokenId, b.text.padTokenId);
    EXPECT_EQ(a.vision.hiddenSize, b.vision.hiddenSize);
    EXPECT_EQ(a.vision.numHiddenLayers, b.vision.numHiddenLayers);
    EXPECT_EQ(a.vision.patchSize, b.vision.patchSize);
    EXPECT_EQ(a.vision.imageSizePx, b.vision.imageSizePx);
    EXPECT_EQ(a.vision.shareLayernorm, b.vision.shareLayernorm);
    EXPECT_EQ(a.vision.removeLastLayer, b.vision.removeLastLayer);
}

TEST(BridgeTowerConfig, FixtureConfigJsonEqualsTheTinyPreset) {
    const auto loaded = loadBridgeTowerConfig(kFixtureConfig);
    expectSameArchitecture(loaded, bridgeTowerPreset("tiny"));
    EXPECT_EQ(loaded.vision.numHeads(), 1);
    EXPECT_EQ(loaded.vision.numTokens(), 17);
    EXPECT_EQ(loaded.splitIndex(), 1);
}

TEST(BridgeTowerConfig, AbsentKeysTakeHuggingFaceDefaults) {
    const auto config = parseBridgeTowerConfig("{}", "empty.json");
    expectSameArchitecture(config, bridgeTowerPreset("base"));
    EXPECT_EQ(config.vision.imageSizePx, 288);
    EXPECT_EQ(config.vision.numTokens(), 325);
    EXPECT_EQ(config.splitIndex(), 7);
}

TEST(BridgeTowerConfig, ReadsNonDefaultValues) {
    const auto config = parseBridgeTowerConfig(R"({
        "hidden_size": 128, "num_hidden_layers": 3, "link_tower_type": "interpolate",
        "contrastive_hidden_size": 32, "logit_scale_init_value": 1.5, "layer_norm_eps": 1e-6,
        "text_config": {"hidden_size": 128, "num_hidden_layers": 4, "num_attention_heads": 8,
                        "intermediate_size": 200, "hidden_act": "gelu_new", "vocab_size": 1000,
                        "max_position_embeddings": 40, "hidden_dropout_prob": 0.2},
        "vision_config": {"hidden_size": 192, "num_hidden_layers": 5, "patch_size": 4, "image_size": 20,
                          "share_layernorm": false, "remove_last_layer": true}})",
                                               "custom.json");
    EXPECT_EQ(config.linkTowerType, LinkTowerType::kInterpolate);
    EXPECT_EQ(config.contrastiveHiddenSize, 32);
    EXPECT_DOUBLE_EQ(config.logitScaleInitValue, 1.5);
    EXPECT_DOUBLE_EQ(config.layerNormEps, 1e-6);
    EXPECT_EQ(config.text.hiddenAct, Activation::kGeluTanh);
    EXPECT_EQ(config.text.intermediateSize, 200);
    EXPECT_DOUBLE_EQ(config.text.hiddenDropoutProb, 0.2);
    EXPECT_EQ(config.vision.numHeads(), 3);
    EXPECT_EQ(config.vision.numBlocks(), 4);
    EXPECT_EQ(config.vision.numTokens(), 26);
    EXPECT_FALSE(config.vision.shareLayernorm);
    EXPECT_EQ(config.splitIndex(), 2);
}

TEST(BridgeTowerConfig, PresetsAreValidAndUnknownNamesAreRefused) {
    for (const auto& name : bridgeTowerPresetNames()) EXPECT_NO_THROW(validate(bridgeTowerPreset(name))) << name;
    const auto small = bridgeTowerPreset("small");
    EXPECT_EQ(small.hiddenSize, 256);
    EXPECT_EQ(small.vision.imageSizePx, 224);
    EXPECT_EQ(small.vision.patchSize, 16);
    EXPECT_EQ(small.text.vocabSize, 50265);
    EXPECT_NO_THROW(validateForContrastive(small));
    EXPECT_EQ(keyOfError([] { bridgeTowerPreset("huge"); }), "model");
}

TEST(BridgeTowerConfig, WrongTypesAndValuesNameTheKey) {
    EXPECT_EQ(keyOfJson(R"({"text_config": {"hidden_size": "64"}})"), "text_config.hidden_size");
    EXPECT_EQ(keyOfJson(R"({"vision_config": {"patch_size": 0}})"), "vision_config.patch_size");
    EXPECT_EQ(keyOfJson(R"({"vision_config": {"share_layernorm": 1}})"), "vision_config.share_layernorm");
    EXPECT_EQ(keyOfJson(R"({"layer_norm_eps": "small"})"), "layer_norm_eps");
    EXPECT_EQ(keyOfJson(R"({"link_tower_type": "concat"})"), "link_tower_type");
    EXPECT_EQ(keyOfJson(R"({"text_config": {"hidden_act": "mish"}})"), "text_config.hidden_act");
    EXPECT_EQ(keyOfJson(R"({"text_config": {"position_embedding_type": "relative_key"}})"),
              "text_config.position_embedding_type");
    EXPECT_EQ(keyOfJson(R"({"text_config": []})"), "text_config");
    EXPECT_EQ(keyOfJson(R"({"model_type": "clip"})"), "model_type");
}

TEST(BridgeTowerConfig, ConfigsHuggingFaceCannotRunAreRefused) {
    EXPECT_EQ(keyOfJson(R"({"share_link_tower_layers": true})"), "share_link_tower_layers");
    EXPECT_EQ(keyOfJson(R"({"share_cross_modal_transformer_layers": false})"), "share_cross_modal_transformer_layers");
    EXPECT_EQ(keyOfJson(R"({"init_layernorm_from_vision_encoder": true, "vision_config": {"share_layernorm": false}})"),
              "init_layernorm_from_vision_encoder");
    EXPECT_EQ(keyOfJson(R"({"hidden_size": 512})"), "hidden_size");
    EXPECT_EQ(keyOfJson(R"({"text_config": {"num_attention_heads": 5}})"), "text_config.num_attention_heads");
    EXPECT_EQ(keyOfJson(R"({"vision_config": {"hidden_size": 96}})"), "vision_config.hidden_size");
    EXPECT_EQ(keyOfJson(R"({"num_hidden_layers": 14})"), "num_hidden_layers");
    EXPECT_EQ(keyOfJson(R"({"vision_config": {"num_hidden_layers": 11}})"), "vision_config.num_hidden_layers");
    EXPECT_EQ(keyOfJson(R"({"vision_config": {"remove_last_layer": true}})"), "vision_config.num_hidden_layers");
    EXPECT_EQ(keyOfJson(R"({"num_hidden_layers": 13})"), "(no error)");  // split index 0 runs in HF
}

// Found by fuzz_hf_config: the checks across keys (validate()) named the key but not the file.
TEST(BridgeTowerConfig, ErrorsAcrossKeysNameTheFileToo) {
    try {
        parseBridgeTowerConfig(R"({"text_config": {"num_attention_heads": 5}})", "models/odd/config.json");
        FAIL() << "expected ConfigError";
    } catch (const ConfigError& error) {
        EXPECT_EQ(error.key(), "text_config.num_attention_heads");
        EXPECT_THAT(error.what(), HasSubstr("(in models/odd/config.json)"));
    }
}

TEST(BridgeTowerConfig, ContrastiveModelNeedsVisionWidthEqualToCrossModalWidth) {
    auto config = bridgeTowerPreset("tiny");
    config.vision.hiddenSize = 128;
    EXPECT_NO_THROW(validate(config));
    EXPECT_EQ(keyOfError([&] { validateForContrastive(config); }), "vision_config.hidden_size");
}

TEST(BridgeTowerConfig, UnreadableOrMalformedFilesAreInputErrors) {
    test::TempDir dir;
    EXPECT_THROW(loadBridgeTowerConfig(dir.file("absent.json")), InputError);
    const auto broken = dir.file("broken.json");
    std::ofstream(broken) << "{\"hidden_size\": ";
    try {
        loadBridgeTowerConfig(broken);
        FAIL() << "expected InputError";
    } catch (const InputError& error) {
        EXPECT_THAT(error.what(), HasSubstr(broken.string()));
    }
    const auto list = dir.file("list.json");
    std::ofstream(list) << "[1]";
    EXPECT_THROW(loadBridgeTowerConfig(list), InputError);
}

}  // namespace
}  // namespace bb::bridgetower_config_test
