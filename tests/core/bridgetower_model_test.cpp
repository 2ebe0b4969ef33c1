// The port on configurations other than the fixture's: shapes, gradients, masking and init.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <set>

#include <torch/torch.h>

#include "bridgebench/bridgetower_config.h"
#include "bridgebench/errors.h"
#include "model/bridgetower_heads.h"
#include "model/functional.h"

namespace bb {
namespace {

// Width 128 everywhere, 8 text heads of 16, 3 text layers, 4 vision blocks (the last never
// runs), 2 cross-modal layers (split index 2), FFN 200, 48 px images in 16 px patches.
BridgeTowerConfig wideConfig() {
    BridgeTowerConfig config;
    config.hiddenSize = 128;
    config.numHiddenLayers = 2;
    config.contrastiveHiddenSize = 32;
    config.linkTowerType = LinkTowerType::kScaledAdd;
    config.text = {.vocabSize = 100, .hiddenSize = 128, .numHiddenLayers = 3, .numAttentionHeads = 8,
                   .intermediateSize = 200, .hiddenDropoutProb = 0.0, .attentionProbsDropoutProb = 0.0,
                   .maxPositionEmbeddings = 40};
    config.vision = {.hiddenSize = 128, .numHiddenLayers = 4, .patchSize = 16, .imageSizePx = 48};
    validate(config);
    return config;
}

// Text width 96 in 3 heads, vision width 128 (2 heads), 2 text layers and 3 cross-modal layers
// (split index 0: the embeddings feed cross layer 0), remove_last_layer, separate vision
// LayerNorms, interpolating bridges, ReLU, 42 px images in 10 px patches (4 x 4 + CLS).
BridgeTowerConfig narrowConfig() {
    BridgeTowerConfig config;
    config.hiddenSize = 96;
    config.numHiddenLayers = 3;
    config.linkTowerType = LinkTowerType::kInterpolate;
    config.text = {.vocabSize = 60, .hiddenSize = 96, .numHiddenLayers = 2, .numAttentionHeads = 3,
                   .intermediateSize = 64, .hiddenAct = Activation::kRelu, .hiddenDropoutProb = 0.0,
                   .attentionProbsDropoutProb = 0.0, .maxPositionEmbeddings = 16};
    config.vision = {.hiddenSize = 128, .numHiddenLayers = 3, .patchSize = 10, .imageSizePx = 42,
                     .shareLayernorm = false, .removeLastLayer = true};
    validate(config);
    return config;
}

// Random ids with `lengths[b]` real tokens (<s> ... </s>) right-padded with pad = 1.
std::pair<at::Tensor, at::Tensor> textBatch(const std::vector<int64_t>& lengths, int64_t length, int64_t vocab) {
    const auto batch = static_cast<int64_t>(lengths.size());
    at::Tensor ids = at::randint(3, vocab, {batch, length}, at::kLong);
    at::Tensor mask = at::zeros({batch, length}, at::kLong);
    for (int64_t b = 0; b < batch; ++b) {
        ids[b][0] = 0;
        ids[b][lengths[b] - 1] = 2;
        ids[b].slice(0, lengths[b]).fill_(1);
        mask[b].slice(0, 0, lengths[b]).fill_(1);
    }
    return {ids, mask};
}

// Parameters without a gradient after backward, by name.
std::set<std::string> withoutGradient(torch::nn::Module& model) {
    std::set<std::string> names;
    for (const auto& item : model.named_parameters())
        if (!item.value().grad().defined()) names.insert(item.key());
        else EXPECT_TRUE(at::isfinite(item.value().grad()).all().item<bool>()) << item.key();
    return names;
}

std::set<std::string> withPrefix(torch::nn::Module& model, const std::vector<std::string>& prefixes) {
    std::set<std::string> names;
    for (const auto& item : model.named_parameters())
        for (const auto& prefix : prefixes)
            if (item.key().rfind(prefix, 0) == 0) names.insert(item.key());
    return names;
}

TEST(BridgeTowerModel, ContrastiveModelRunsForwardAndBackwardOnAnotherConfig) {
    torch::manual_seed(1);
    const auto config = wideConfig();
    auto model = makeContrastiveModel(config);
    const auto [ids, mask] = textBatch({7, 4, 2}, 7, config.text.vocabSize);
    const at::Tensor pixels = at::randn({3, 3, 48, 48});
    const auto out = model->forward(ids, mask, pixels, {.returnLoss = true, .outputHiddenStates = true});

    EXPECT_EQ(out.logits.sizes(), at::IntArrayRef({3, 3, 32}));
    EXPECT_EQ(out.textEmbeds.sizes(), at::IntArrayRef({3, 32}));
    EXPECT_EQ(out.logitsTextToImage.sizes(), at::IntArrayRef({3, 3}));
    EXPECT_EQ(out.trunk.textFeatures.sizes(), at::IntArrayRef({3, 7, 128}));
    EXPECT_EQ(out.trunk.imageFeatures.sizes(), at::IntArrayRef({3, 10, 128}));
    EXPECT_EQ(out.trunk.poolerOutput.sizes(), at::IntArrayRef({3, 256}));
    EXPECT_EQ(out.trunk.hiddenStates.text.size(), 4u);   // embeddings + 3 layers
    EXPECT_EQ(out.trunk.hiddenStates.image.size(), 4u);  // ln_pre + 3 executed blocks
    EXPECT_EQ(out.trunk.hiddenStates.cross.size(), 2u);
    EXPECT_TRUE(at::allclose(out.textEmbeds.norm(2, -1), at::ones({3})));
    EXPECT_EQ(out.loss.dim(), 0);
    EXPECT_TRUE(std::isfinite(out.loss.item<double>()));

    out.loss.backward();
    EXPECT_EQ(withoutGradient(*model),
              withPrefix(*model, {"bridgetower.text_model.pooler.", "bridgetower.vision_model.visual.transformer.resblocks.3."}));
}

TEST(BridgeTowerModel, ItmModelRunsForwardAndBackwardOnAnotherConfig) {
    torch::manual_seed(2);
    const auto config = narrowConfig();
    auto model = makeItmModel(config);
    const auto [ids, mask] = textBatch({5, 3}, 5, config.text.vocabSize);
    const at::Tensor pixels = at::randn({2, 3, 42, 42});
    const auto out = model->forward(ids, mask, pixels, at::tensor({1, 0}, at::kLong), true);

    EXPECT_EQ(out.logits.sizes(), at::IntArrayRef({2, 2}));
    EXPECT_EQ(out.trunk.textFeatures.sizes(), at::IntArrayRef({2, 5, 96}));
    EXPECT_EQ(out.trunk.imageFeatures.sizes(), at::IntArrayRef({2, 17, 96}));
    EXPECT_EQ(out.trunk.poolerOutput.sizes(), at::IntArrayRef({2, 192}));
    EXPECT_EQ(out.trunk.hiddenStates.text.size(), 3u);
    EXPECT_EQ(out.trunk.hiddenStates.image.size(), 3u);
    EXPECT_EQ(out.trunk.hiddenStates.image.back().sizes(), at::IntArrayRef({2, 17, 128}));
    EXPECT_EQ(out.trunk.hiddenStates.cross.size(), 3u);

    out.loss.backward();
    EXPECT_EQ(withoutGradient(*model),
              withPrefix(*model, {"bridgetower.text_model.pooler.", "bridgetower.vision_model.visual.ln_separate."}));
    EXPECT_EQ(withPrefix(*model, {"bridgetower.vision_model.visual.ln_separate."}).size(), 6u);  // 3 configured layers
    EXPECT_EQ(withPrefix(*model, {"bridgetower.cross_modal_text_link_tower.1.beta"}).size(), 1u);
}

TEST(BridgeTowerModel, SamplesDoNotSeeEachOtherAndPaddingChangesNothing) {
    torch::manual_seed(3);
    const auto config = wideConfig();
    auto model = makeContrastiveModel(config);
    model->eval();
    torch::NoGradGuard noGrad;
    const auto [ids, mask] = textBatch({6, 3}, 6, config.text.vocabSize);
    const at::Tensor pixels = at::randn({2, 3, 48, 48});
    const auto both = model->forward(ids, mask, pixels, {.returnLoss = false});

    // Sample 1 alone, cut to its 3 real tokens: no padding at all.
    const auto alone = model->forward(ids.slice(0, 1, 2).slice(1, 0, 3), mask.slice(0, 1, 2).slice(1, 0, 3),
                                      pixels.slice(0, 1, 2), {.returnLoss = false});
    const auto close = [](const at::Tensor& a, const at::Tensor& b) { return at::allclose(a, b, 1e-4, 1e-5); };
    EXPECT_TRUE(close(alone.trunk.poolerOutput, both.trunk.poolerOutput.slice(0, 1, 2)));
    EXPECT_TRUE(close(alone.trunk.textFeatures, both.trunk.textFeatures.slice(0, 1, 2).slice(1, 0, 3)));
    EXPECT_TRUE(close(alone.trunk.imageFeatures, both.trunk.imageFeatures.slice(0, 1, 2)));
    EXPECT_TRUE(close(alone.logits, both.logits.slice(0, 1, 2)));
    // And the mask matters: attending to the pads changes the result.
    const auto unmasked = model->forward(ids, at::ones_like(mask), pixels, {.returnLoss = false});
    EXPECT_FALSE(close(unmasked.trunk.poolerOutput.slice(0, 1, 2), both.trunk.poolerOutput.slice(0, 1, 2)));
}

TEST(BridgeTowerModel, DropoutActsOnlyInTraining) {
    auto config = wideConfig();
    config.text.hiddenDropoutProb = 0.1;
    config.text.attentionProbsDropoutProb = 0.1;
    auto model = makeContrastiveModel(config);
    const auto [ids, mask] = textBatch({5, 5}, 5, config.text.vocabSize);
    const at::Tensor pixels = at::randn({2, 3, 48, 48});
    torch::NoGradGuard noGrad;
    const auto first = model->forward(ids, mask, pixels).loss.item<double>();
    const auto second = model->forward(ids, mask, pixels).loss.item<double>();
    EXPECT_NE(first, second);
    model->eval();
    EXPECT_EQ(model->forward(ids, mask, pixels).loss.item<double>(),
              model->forward(ids, mask, pixels).loss.item<double>());
}

TEST(BridgeTowerModel, FromScratchInitFollowsHuggingFace) {
    torch::manual_seed(4);
    const auto config = bridgeTowerPreset("small");
    auto model = makeContrastiveModel(config);
    std::map<std::string, at::Tensor> params;
    for (const auto& item : model->named_parameters()) params[item.key()] = item.value();
    const auto stdOf = [&](const std::string& key) { return params.at(key).std().item<double>(); };
    const std::string block = "bridgetower.vision_model.visual.transformer.resblocks.1.";
    const double width = 256;
    EXPECT_NEAR(stdOf(block + "attn.in_proj_weight"), std::pow(width, -0.5), 0.02 * std::pow(width, -0.5));
    EXPECT_NEAR(stdOf(block + "attn.out_proj.weight"), std::pow(width, -0.5) / std::sqrt(8.0), 0.002);
    EXPECT_NEAR(stdOf(block + "mlp.c_fc.weight"), std::pow(2 * width, -0.5), 0.002);
    EXPECT_NEAR(stdOf(block + "mlp.c_proj.weight"), std::pow(width, -0.5) / std::sqrt(8.0), 0.002);
    EXPECT_NEAR(stdOf("bridgetower.vision_model.visual.embeddings.position_embedding.weight"), 0.0625, 0.002);
    EXPECT_NEAR(stdOf("bridgetower.text_model.embeddings.word_embeddings.weight"), 0.05, 0.001);
    EXPECT_NEAR(stdOf("bridgetower.cross_modal_text_layers.0.crossattention.self.key.weight"), 0.05, 0.002);
    EXPECT_NEAR(stdOf("bridgetower.vision_model.visual.embeddings.patch_embedding.weight"), 0.05, 0.002);
    EXPECT_NEAR(stdOf("itc_cross_modal_head.fc.weight"), 0.05, 0.002);
    EXPECT_TRUE(at::equal(params.at(block + "attn.in_proj_bias"), at::zeros({768})));
    EXPECT_TRUE(at::equal(params.at("bridgetower.cross_modal_image_pooler.dense.bias"), at::zeros({256})));
    EXPECT_TRUE(at::equal(params.at("bridgetower.cross_modal_text_layernorm.weight"), at::ones({256})));
    EXPECT_TRUE(at::equal(params.at(block + "ln_2.bias"), at::zeros({256})));
    EXPECT_FLOAT_EQ(params.at("logit_scale").item<float>(), 2.6592f);
    EXPECT_TRUE(model->is_training());
}

TEST(BridgeTowerModel, RejectsInputsThatDoNotFitTheConfig) {
    const auto config = wideConfig();
    BridgeTowerForContrastiveLearning model(config);
    const auto [ids, mask] = textBatch({4, 4}, 4, config.text.vocabSize);
    EXPECT_THROW(model->forward(ids, mask, at::randn({2, 3, 32, 32})), std::invalid_argument);
    EXPECT_THROW(model->forward(ids, mask, at::randn({3, 3, 48, 48})), std::invalid_argument);
    EXPECT_THROW(model->forward(ids, mask.slice(1, 0, 3), at::randn({2, 3, 48, 48})), std::invalid_argument);
    EXPECT_THROW(model->forward(ids.to(at::kInt), mask, at::randn({2, 3, 48, 48})), std::invalid_argument);
    EXPECT_THROW(model->forward(at::ones({2, 39}, at::kLong), {}, at::randn({2, 3, 48, 48})), std::invalid_argument);
}

TEST(BridgeTowerModel, KeyMaskUsesTheLowestFiniteValueOfTheModelsDtype) {
    const at::Tensor mask = at::tensor({1, 0}, at::kLong).view({1, 2});
    for (const auto dtype : {at::kFloat, at::kBFloat16, at::kHalf, at::kDouble}) {
        const at::Tensor additive = additiveKeyMask(mask, 3, dtype);
        EXPECT_EQ(additive.sizes(), at::IntArrayRef({3, 1, 2}));
        EXPECT_EQ(additive.scalar_type(), dtype);
        EXPECT_EQ(additive[2][0][0].item<double>(), 0.0);
        EXPECT_TRUE(std::isfinite(additive[2][0][1].item<double>())) << dtype;
        EXPECT_LT(additive[2][0][1].item<double>(), -6e4) << dtype;
    }
}

TEST(BridgeTowerModel, ContrastiveModelRefusesVisionWidthOtherThanCrossModalWidth) {
    EXPECT_THROW(BridgeTowerForContrastiveLearning{narrowConfig()}, ConfigError);
}

}  // namespace
}  // namespace bb
