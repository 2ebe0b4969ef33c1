#include "engine/run_memory_estimate.h"

#include <algorithm>

#include "bridgebench/model_info.h"
#include "engine/mini_clip.h"
#include "engine/model_factory.h"

namespace bb {

namespace {

// Elements one transformer layer keeps for backward per sample (after Korthikanti et al. 2022,
// "Reducing Activation Recomputation in Large Transformer Models", without recomputation): about
// ten hidden-sized tensors a token (the layer's input and its LayerNorm, Q, K, V, the attention
// context, the output projection's input, the dropout masks), the feed-forward's inner state
// before and after its activation, and per head the attention scores and their softmax.
double layerElements(double tokens, double hidden, double heads, double inner) {
    return tokens * (10 * hidden + 2 * inner) + 2 * heads * tokens * tokens;
}

// Bytes as an integer; a batch_size of billions gives figures past int64, which say "far too many" all the same.
std::int64_t toBytes(double bytes) {
    constexpr double kMost = 9.0e18;
    return static_cast<std::int64_t>(std::min(bytes, kMost));
}

struct PerSample {
    double activationElements = 0;
    double inputBytes = 0;
    double similarityMatrices = 0;  // batch × batch logits the loss builds
    std::int64_t parameters = 0;
};

PerSample miniClip(const RunConfig& config) {
    const MiniClipOptions options = MiniClipOptions{}.textLength(config.textLength);
    const double size = static_cast<double>(options.imageSizePx());
    const double width = static_cast<double>(options.width());
    const double embed = static_cast<double>(options.embedDim());
    const double text = static_cast<double>(options.textLength());
    PerSample sample;
    // The pixels, both convolutions' outputs before and after GELU, the token embeddings and the
    // masked copy averaged over, the projections.
    sample.activationElements = 3 * size * size + 2 * (width / 2) * (size / 4) * (size / 4) +
                                2 * width * (size / 8) * (size / 8) + 2 * text * width + 4 * embed;
    sample.inputBytes = 3 * size * size * 4 + 2 * text * 8;
    sample.similarityMatrices = 1;
    const std::int64_t w = options.width();
    const std::int64_t e = options.embedDim();
    sample.parameters = (3 * (w / 2) * 16 + w / 2) + ((w / 2) * w * 4 + w) + (w * e + e) +
                        options.vocabSize() * w + (w * e + e) + 1;
    return sample;
}

PerSample bridgeTower(const RunConfig& config) {
    const BridgeTowerConfig model = bridgeTowerModel(config);
    const auto& text = model.text;
    const auto& vision = model.vision;
    const double textTokens = static_cast<double>(config.textLength);
    const double imageTokens = vision.numTokens();
    const double size = vision.imageSizePx;
    PerSample sample;
    // Vision blocks past the last text layer do not run (model_info.h).
    const int visionBlocks = std::min(vision.numBlocks(), text.numHiddenLayers);
    double elements = 3 * size * size + imageTokens * vision.hiddenSize;  // pixels, patch embeddings
    elements += text.numHiddenLayers *
                layerElements(textTokens, text.hiddenSize, text.numAttentionHeads, text.intermediateSize);
    elements += visionBlocks * layerElements(imageTokens, vision.hiddenSize, vision.numHeads(), vision.mlpSize());
    // Each cross-modal layer, on each side: a layer of its own tokens plus a cross-attention
    // over the other side's (its Q, K, V, context and output, and the scores and softmax).
    const double heads = text.numAttentionHeads;
    for (const auto& [mine, theirs] : {std::pair{textTokens, imageTokens}, std::pair{imageTokens, textTokens}}) {
        elements += model.numHiddenLayers * (layerElements(mine, model.hiddenSize, heads, text.intermediateSize) +
                                             mine * 5 * model.hiddenSize + 2 * heads * mine * theirs);
    }
    sample.activationElements = elements;
    sample.inputBytes = 3 * size * size * 4 + 2 * textTokens * 8;
    // Text to image, text to cross-modal and image to cross-modal (BridgeTowerForContrastiveLearning).
    sample.similarityMatrices = 3;
    sample.parameters = modelInfo(model, static_cast<int>(config.textLength)).contrastiveParams;
    return sample;
}

}  // namespace

RunMemoryEstimate estimateRunMemory(const RunConfig& config) {
    const PerSample sample = config.model == "mini-clip" ? miniClip(config) : bridgeTower(config);
    const bool autocast = config.precision != "fp32";
    const double batch = static_cast<double>(config.batchSize);
    // Autocast keeps matmul and convolution outputs in 16 bits; LayerNorm, softmax and the loss stay fp32.
    const double activationElementBytes = autocast ? 2.5 : 4;
    const double batchesInFlight = 2 + static_cast<double>(config.workers * config.prefetchFactor);
    // Each matrix, its transpose's softmax and its own, and the gradients of all three, in fp32.
    constexpr double kSimilarityCopies = 6;

    RunMemoryEstimate estimate;
    estimate.parameters = sample.parameters;
    estimate.modelStateBytes = sample.parameters * (autocast ? 18 : 16);
    estimate.batchBytes = toBytes(batch * sample.inputBytes * batchesInFlight);
    estimate.activationBytes = toBytes(batch * sample.activationElements * activationElementBytes);
    estimate.similarityBytes = toBytes(sample.similarityMatrices * kSimilarityCopies * batch * batch * 4);
    return estimate;
}

}  // namespace bb
