// BridgeTower architecture settings, as Hugging Face transformers v4.35.2 reads them from a
// config.json (see shared/docs/BRIDGETOWER.md §1). Plain values, no torch: the UI includes this.
#pragma once

#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

namespace bb {

// Activation of the text and cross-modal feed-forward blocks (HF `hidden_act`).
enum class Activation { kGelu, kGeluTanh, kRelu, kQuickGelu, kSilu };

// How a bridge merges a uni-modal state x into the previous cross-modal output y.
enum class LinkTowerType { kAdd, kScaledAdd, kInterpolate };

// RoBERTa text encoder; the cross-modal layers are built from these values too.
struct BridgeTowerTextConfig {
    int vocabSize = 50265;
    int hiddenSize = 768;
    int numHiddenLayers = 12;
    int numAttentionHeads = 12;
    int intermediateSize = 3072;
    Activation hiddenAct = Activation::kGelu;
    double hiddenDropoutProb = 0.1;
    double attentionProbsDropoutProb = 0.1;
    int maxPositionEmbeddings = 514;
    int typeVocabSize = 1;
    double layerNormEps = 1e-5;
    int padTokenId = 1;
};

// OpenAI-CLIP ViT. Heads = hiddenSize / 64 and MLP = 4 * hiddenSize are fixed by HF.
struct BridgeTowerVisionConfig {
    int hiddenSize = 768;
    int numHiddenLayers = 12;
    int numChannels = 3;
    int patchSize = 16;
    int imageSizePx = 288;
    double layerNormEps = 1e-5;
    bool shareLayernorm = true;
    bool removeLastLayer = false;

    int numHeads() const { return hiddenSize / 64; }
    int mlpSize() const { return 4 * hiddenSize; }
    int gridSize() const { return imageSizePx / patchSize; }
    // Patches plus the class token.
    int numTokens() const { return gridSize() * gridSize() + 1; }
    // Blocks that exist in the state dict.
    int numBlocks() const { return numHiddenLayers - (removeLastLayer ? 1 : 0); }
};

// Top level ("cross-modal") settings plus the two tower configs. Defaults are HF's.
struct BridgeTowerConfig {
    int hiddenSize = 768;
    int numHiddenLayers = 6;
    double layerNormEps = 1e-5;
    LinkTowerType linkTowerType = LinkTowerType::kAdd;
    double initializerFactor = 1.0;
    // Not declared by HF's config class but read by the contrastive model; bridgetower-base's
    // config lacks them, so they default to bridgetower-large-itm-mlm-itc's values.
    int contrastiveHiddenSize = 512;
    double logitScaleInitValue = 2.6592;
    BridgeTowerTextConfig text;
    BridgeTowerVisionConfig vision;

    // Text layers / vision blocks [0, splitIndex()) run before the cross-modal encoder.
    int splitIndex() const { return text.numHiddenLayers - numHiddenLayers + 1; }
};

// Names accepted by bridgeTowerPreset(), in order of size.
std::vector<std::string> bridgeTowerPresetNames();

// "tiny" (the parity fixture's config), "small" (CPU demos), "base", "large" (the published
// checkpoints). Throws ConfigError("model", ...) for any other name.
BridgeTowerConfig bridgeTowerPreset(std::string_view name);

// Reads a Hugging Face config.json. Absent keys take HF v4.35.2's defaults. Throws InputError
// (file unreadable or not JSON) or ConfigError (a key with a wrong type or value; the key is
// named as "text_config.hidden_size"). The result has passed validate().
BridgeTowerConfig loadBridgeTowerConfig(const std::filesystem::path& path);

// Same from JSON text; `source` names the origin in error messages.
BridgeTowerConfig parseBridgeTowerConfig(std::string_view jsonText, const std::string& source);

// Throws ConfigError naming the key when HF v4.35.2 could not build or run this config.
void validate(const BridgeTowerConfig& config);

// The contrastive model also needs the vision width to equal the cross-modal width (§7).
void validateForContrastive(const BridgeTowerConfig& config);

}  // namespace bb
