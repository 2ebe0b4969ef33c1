// Sizes and analytical cost of a BridgeTower configuration, for reports and MFU figures.
#pragma once

#include <cstdint>

#include "bridgebench/bridgetower_config.h"

namespace bb {

// Text length modelInfo() assumes when none is given: a caption, as in the study's workload.
inline constexpr int kDefaultTextLength = 40;

struct ModelInfo {
    // Parameters per part of BridgeTowerModel (the "trunk"). crossModal counts the cross-modal
    // layers, the two input transforms and LayerNorms, the link towers and the two poolers.
    int64_t textParams = 0;  // includes the text pooler that HF builds but never calls
    int64_t visionParams = 0;
    int64_t crossModalParams = 0;
    int64_t tokenTypeParams = 0;
    int64_t modelParams = 0;             // BridgeTowerModel
    int64_t contrastiveHeadParams = 0;   // itc_{text,image,cross_modal}_head + logit_scale
    int64_t contrastiveParams = 0;       // BridgeTowerForContrastiveLearning
    int64_t itmHeadParams = 0;
    int64_t itmParams = 0;               // BridgeTowerForImageAndTextRetrieval

    // Matmul FLOPs of one sample through the contrastive model, 2*m*n*k per product: every
    // Linear, the patch embedding, and the attention score and context products. Only what
    // runs counts (vision blocks past the last text layer and the text pooler do not).
    // Element-wise work, LayerNorms, softmax and the B x B similarity matrices of the loss
    // (O(batch) per sample, < 1e-5 of the total) are left out.
    double forwardFlopsPerSample = 0;
    // Forward plus backward, taken as 3x the forward matmul FLOPs.
    double trainingFlopsPerSample = 0;

    int imageSizePx = 0;
    int imageTokens = 0;
    int textLength = 0;
};

// The most tokens a caption may have: RoBERTa's positions start at pad_token_id + 1.
int maxTextLength(const BridgeTowerConfig& config);
// The engine's caption length when a run names none: kDefaultTextLength within maxTextLength.
int defaultTextLength(const BridgeTowerConfig& config);

// textLength: tokens per caption; must be from 2 to maxTextLength(config).
// Throws ConfigError("text_length", ...) otherwise.
ModelInfo modelInfo(const BridgeTowerConfig& config, int textLength = kDefaultTextLength);

}  // namespace bb
