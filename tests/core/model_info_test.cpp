#include "bridgebench/model_info.h"

#include <gtest/gtest.h>

#include <torch/torch.h>

#include "bridgebench/errors.h"
#include "model/bridgetower_heads.h"
#include "model/safetensors.h"

namespace bb {
namespace {

int64_t countParameters(torch::nn::Module& module, const std::string& prefix = "") {
    int64_t total = 0;
    for (const auto& item : module.named_parameters())
        if (item.key().rfind(prefix, 0) == 0) total += item.value().numel();
    return total;
}

TEST(ModelInfo, LargeContrastiveModelHasThePublishedParameterCount) {
    const auto info = modelInfo(bridgeTowerPreset("large"));
    EXPECT_EQ(info.contrastiveParams, 866'612'737);
    // Per-part figures from HF v4.35.2 (BRIDGETOWER.md §10).
    EXPECT_EQ(info.modelParams, 864'514'048);
    EXPECT_EQ(info.textParams, 355'359'744);
    EXPECT_EQ(info.visionParams, 303'369'216);
    EXPECT_EQ(info.crossModalParams, 205'783'040);
    EXPECT_EQ(info.tokenTypeParams, 2'048);
    EXPECT_EQ(info.contrastiveHeadParams, 524'800 + 524'800 + 1'049'088 + 1);
}

TEST(ModelInfo, BaseModelHasThePublishedParameterCount) {
    const auto info = modelInfo(bridgeTowerPreset("base"));
    EXPECT_EQ(info.modelParams, 326'347'008);
    EXPECT_EQ(info.textParams, 124'645'632);
    EXPECT_EQ(info.visionParams, 85'897'728);
    EXPECT_EQ(info.crossModalParams, 115'802'112);
    EXPECT_EQ(info.tokenTypeParams, 1'536);
    EXPECT_EQ(info.itmParams, 326'350'082);
    EXPECT_EQ(info.imageSizePx, 288);
    EXPECT_EQ(info.imageTokens, 325);
}

TEST(ModelInfo, AnalyticCountsMatchBuiltModules) {
    auto odd = bridgeTowerPreset("tiny");
    odd.linkTowerType = LinkTowerType::kScaledAdd;
    odd.vision.hiddenSize = 128;
    odd.vision.numHiddenLayers = 3;
    odd.vision.shareLayernorm = false;
    odd.text.intermediateSize = 80;
    for (const auto& config : {bridgeTowerPreset("tiny"), bridgeTowerPreset("small"), odd}) {
        const auto info = modelInfo(config);
        BridgeTowerForImageAndTextRetrieval itm(config);
        EXPECT_EQ(countParameters(*itm), info.itmParams);
        EXPECT_EQ(countParameters(*itm, "bridgetower."), info.modelParams);
        EXPECT_EQ(countParameters(*itm, "bridgetower.text_model."), info.textParams);
        EXPECT_EQ(countParameters(*itm, "bridgetower.vision_model."), info.visionParams);
        EXPECT_EQ(countParameters(*itm, "bridgetower.token_type_embeddings."), info.tokenTypeParams);
        if (config.vision.hiddenSize == config.hiddenSize) {
            BridgeTowerForContrastiveLearning contrastive(config);
            EXPECT_EQ(countParameters(*contrastive), info.contrastiveParams);
        }
    }
}

TEST(ModelInfo, TinyCountMatchesTheFixtureCheckpoint) {
    const SafetensorsFile weights(std::filesystem::path(BB_TEST_DATA_DIR) / "bridgetower-tiny" / "model.safetensors");
    int64_t all = 0;
    int64_t itmHead = 0;
    for (const auto& entry : weights.entries()) {
        int64_t numel = 1;
        for (const auto size : entry.shape) numel *= size;
        all += numel;
        if (entry.name.rfind("itm_score.", 0) == 0) itmHead += numel;
    }
    const auto info = modelInfo(bridgeTowerPreset("tiny"));
    EXPECT_EQ(info.contrastiveParams, all - itmHead);
    EXPECT_EQ(info.itmHeadParams, itmHead);
}

TEST(ModelInfo, TinyFlopsMatchAHandCount) {
    // Tiny: D = Dt = Dv = 64, text FFN 64, vision MLP 256, 2 text layers (both run), 2 vision
    // blocks (both run), 2 cross-modal layers, patch 8 on 32 px (16 patches of 3*8*8 = 192
    // inputs, N = 17 tokens), contrastive dim 24; text length L = 12 as in the fixture.
    const double textLayer = 8.0 * 12 * 64 * 64       // q, k, v, o: 4 x 2*L*D*D
                             + 4.0 * 12 * 12 * 64      // scores and context: 2 x 2*L*L*D
                             + 4.0 * 12 * 64 * 64;     // FFN in and out: 2 x 2*L*D*I
    const double patchEmbedding = 2.0 * 16 * 192 * 64;
    const double visionBlock = 8.0 * 17 * 64 * 64     // in_proj (3 products) + out_proj
                               + 4.0 * 17 * 17 * 64    // scores and context
                               + 4.0 * 17 * 64 * 256;  // c_fc and c_proj
    const double transforms = 2 * (2.0 * 12 * 64 * 64 + 2.0 * 17 * 64 * 64);  // each cross layer's inputs
    const double crossText = (8.0 * 12 * 64 * 64 + 4.0 * 12 * 12 * 64)           // self-attention on text
                             + (4.0 * 12 * 64 * 64 + 4.0 * 17 * 64 * 64        // q, o on text; k, v on image
                                + 4.0 * 12 * 17 * 64)                          // scores and context
                             + 4.0 * 12 * 64 * 64;                             // FFN
    const double crossImage = (8.0 * 17 * 64 * 64 + 4.0 * 17 * 17 * 64) +
                              (4.0 * 17 * 64 * 64 + 4.0 * 12 * 64 * 64 + 4.0 * 17 * 12 * 64) +
                              4.0 * 17 * 64 * 64;
    const double poolers = 2 * (2.0 * 64 * 64);
    const double heads = 2 * (2.0 * 64 * 24) + 2.0 * 128 * 24;
    const double forward = 2 * textLayer + patchEmbedding + 2 * visionBlock + transforms +
                           2 * (crossText + crossImage) + poolers + heads;
    EXPECT_DOUBLE_EQ(forward, 10'822'656.0);

    const auto info = modelInfo(bridgeTowerPreset("tiny"), 12);
    EXPECT_DOUBLE_EQ(info.forwardFlopsPerSample, forward);
    EXPECT_DOUBLE_EQ(info.trainingFlopsPerSample, 3 * forward);
    EXPECT_EQ(info.textLength, 12);
    EXPECT_EQ(info.imageSizePx, 32);
    EXPECT_EQ(info.imageTokens, 17);
}

TEST(ModelInfo, VisionBlocksPastTheLastTextLayerCostNothing) {
    auto config = bridgeTowerPreset("tiny");
    const auto before = modelInfo(config);
    config.vision.numHiddenLayers = 5;
    const auto after = modelInfo(config);
    EXPECT_DOUBLE_EQ(after.forwardFlopsPerSample, before.forwardFlopsPerSample);
    EXPECT_GT(after.visionParams, before.visionParams);
}

TEST(ModelInfo, TextLengthMustFitThePositionTable) {
    const auto tiny = bridgeTowerPreset("tiny");
    EXPECT_NO_THROW(modelInfo(tiny, 62));
    EXPECT_THROW(modelInfo(tiny, 63), ConfigError);
    EXPECT_THROW(modelInfo(tiny, 0), ConfigError);
    EXPECT_EQ(modelInfo(tiny).textLength, kDefaultTextLength);
}

}  // namespace
}  // namespace bb
