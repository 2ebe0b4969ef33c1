#include "bridgebench/model_info.h"

#include <algorithm>

#include "bridgebench/errors.h"
#include "bridgebench/value_range.h"

namespace bb {
namespace {

// One post-LN BERT layer without cross-attention: q, k, v, o, attention LayerNorm, FFN, LayerNorm.
int64_t bertLayerParams(int64_t width, int64_t ffn) {
    return 4 * (width * width + width) + 2 * width + (width * ffn + ffn) + (ffn * width + width) + 2 * width;
}

// The cross-attention block a cross-modal layer adds: q, k, v, o and its LayerNorm.
int64_t crossAttentionParams(int64_t width) { return 4 * (width * width + width) + 2 * width; }

// Forward matmul FLOPs of one attention block: queries from `queries` tokens, keys and values
// from `keys` tokens, all of `width`.
double attentionFlops(double queries, double keys, double width) {
    const double projections = 2 * queries * width * width * 2 + 2 * keys * width * width * 2;  // q,o + k,v
    const double scoresAndContext = 2 * (2 * queries * keys * width);
    return projections + scoresAndContext;
}

double feedForwardFlops(double tokens, double width, double ffn) { return 2 * (2 * tokens * width * ffn); }

}  // namespace

int maxTextLength(const BridgeTowerConfig& config) {
    return config.text.maxPositionEmbeddings - config.text.padTokenId - 1;
}

int defaultTextLength(const BridgeTowerConfig& config) { return std::min(kDefaultTextLength, maxTextLength(config)); }

ModelInfo modelInfo(const BridgeTowerConfig& config, int textLength) {
    validate(config);
    const auto& text = config.text;
    const auto& vision = config.vision;
    const int maxLength = maxTextLength(config);
    // At least <s> and </s>, as a run's text_length (run_config.cpp): `model info` once counted a
    // 1-token caption that `run` refuses.
    if (textLength < 2 || textLength > maxLength)
        throw ConfigError("text_length",
                          "must be " + rangeText(2, maxLength) + " for this model, got " + groupedInteger(textLength));

    const int64_t dt = text.hiddenSize;
    const int64_t dv = vision.hiddenSize;
    const int64_t d = config.hiddenSize;
    const int64_t ffn = text.intermediateSize;
    const int64_t crossLayers = config.numHiddenLayers;
    const int64_t contrastive = config.contrastiveHiddenSize;
    const int64_t imageTokens = vision.numTokens();
    const int64_t patchInputs = int64_t{vision.numChannels} * vision.patchSize * vision.patchSize;

    ModelInfo info;
    info.textParams = (int64_t{text.vocabSize} + text.maxPositionEmbeddings + text.typeVocabSize) * dt + 2 * dt +
                      text.numHiddenLayers * bertLayerParams(dt, ffn) + (dt * dt + dt);
    const int64_t visionBlockParams = 12 * dv * dv + 13 * dv;
    info.visionParams = dv + dv * patchInputs + imageTokens * dv + 2 * dv + 2 * dv +
                        (vision.shareLayernorm ? 0 : 2 * dv * vision.numHiddenLayers) +
                        vision.numBlocks() * visionBlockParams;
    const int64_t linkScalar = config.linkTowerType == LinkTowerType::kAdd ? 0 : 1;
    info.crossModalParams = (dt * d + d) + (dv * d + d) +
                            2 * crossLayers * (bertLayerParams(dt, ffn) + crossAttentionParams(dt)) +
                            2 * (d * d + d) + 2 * (2 * d) + 2 * (crossLayers - 1) * (2 * d + linkScalar);
    info.tokenTypeParams = 2 * d;
    info.modelParams = info.textParams + info.visionParams + info.crossModalParams + info.tokenTypeParams;
    info.contrastiveHeadParams = 2 * (d * contrastive + contrastive) + (2 * d * contrastive + contrastive) + 1;
    info.contrastiveParams = info.modelParams + info.contrastiveHeadParams;
    info.itmHeadParams = 2 * d * 2 + 2;
    info.itmParams = info.modelParams + info.itmHeadParams;

    const double tokens = textLength;
    const double patches = static_cast<double>(imageTokens - 1);
    const double n = static_cast<double>(imageTokens);
    // Every text layer runs, and exactly as many vision blocks (BRIDGETOWER.md §4).
    const double unimodalLayers = text.numHiddenLayers;
    double flops = unimodalLayers * (attentionFlops(tokens, tokens, dt) + feedForwardFlops(tokens, dt, ffn));
    flops += 2 * patches * patchInputs * dv;
    // A vision block's packed in_proj is the same three projections as q, k, v.
    flops += unimodalLayers * (attentionFlops(n, n, dv) + feedForwardFlops(n, dv, 4 * dv));
    // Each cross-modal layer's inputs: the two transforms of the bridged uni-modal states.
    flops += crossLayers * (2 * tokens * dt * d + 2 * n * dv * d);
    const double crossLayerText = attentionFlops(tokens, tokens, dt) + attentionFlops(tokens, n, dt) +
                                  feedForwardFlops(tokens, dt, ffn);
    const double crossLayerImage = attentionFlops(n, n, dt) + attentionFlops(n, tokens, dt) +
                                   feedForwardFlops(n, dt, ffn);
    flops += crossLayers * (crossLayerText + crossLayerImage);
    flops += 2 * (2.0 * d * d);                                          // poolers on the two CLS tokens
    flops += 2 * (2.0 * d * contrastive) + 2.0 * (2 * d) * contrastive;  // itc heads: text, image, cross
    info.forwardFlopsPerSample = flops;
    info.trainingFlopsPerSample = 3 * flops;

    info.imageSizePx = vision.imageSizePx;
    info.imageTokens = static_cast<int>(imageTokens);
    info.textLength = textLength;
    return info;
}

}  // namespace bb
