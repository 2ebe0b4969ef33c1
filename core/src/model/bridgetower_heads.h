// The two task models the benchmark runs: BridgeTowerForContrastiveLearning (the study's
// workload) and BridgeTowerForImageAndTextRetrieval (image-text matching), plus factories.
#pragma once

#include <torch/nn/module.h>
#include <torch/nn/modules/linear.h>

#include "bridgebench/bridgetower_config.h"
#include "model/bridgetower_model.h"

namespace bb {

struct ContrastiveOutput {
    at::Tensor loss;            // [] (mean of three row-wise cross-entropies); undefined without returnLoss
    at::Tensor logits;          // [B, 3, C]: stack(text, image, cross embeddings) as HF returns it
    at::Tensor textEmbeds;      // [B, C], L2-normalised
    at::Tensor imageEmbeds;     // [B, C]
    at::Tensor crossEmbeds;     // [B, C]
    at::Tensor logitScaleExp;   // [] exp(logit_scale), not clamped
    at::Tensor logitsTextToImage;  // [B, B] scale * text imageᵀ; the loss is built from these three
    at::Tensor logitsTextToCross;
    at::Tensor logitsImageToCross;
    BridgeTowerModelOutput trunk;
};

struct ContrastiveForwardOptions {
    bool returnLoss = true;
    bool outputHiddenStates = false;
};

class BridgeTowerForContrastiveLearningImpl : public torch::nn::Module {
public:
    // Throws ConfigError when the config cannot run this model (validateForContrastive).
    explicit BridgeTowerForContrastiveLearningImpl(const BridgeTowerConfig& config);

    // Inputs as BridgeTowerModelImpl::forward. The loss pairs sample b's text with sample b's image.
    ContrastiveOutput forward(const at::Tensor& inputIds, const at::Tensor& attentionMask,
                              const at::Tensor& pixelValues, const ContrastiveForwardOptions& options = {});

    BridgeTowerModel& bridgetower() { return m_bridgetower; }

private:
    BridgeTowerModel m_bridgetower{nullptr};
    torch::nn::Linear m_itcTextHead{nullptr};
    torch::nn::Linear m_itcImageHead{nullptr};
    torch::nn::Linear m_itcCrossModalHead{nullptr};
    at::Tensor m_logitScale;
};
TORCH_MODULE(BridgeTowerForContrastiveLearning);

struct ItmOutput {
    at::Tensor loss;    // [] mean cross-entropy; undefined without labels
    at::Tensor logits;  // [B, 2]; class 1 = the text matches the image
    BridgeTowerModelOutput trunk;
};

class BridgeTowerForImageAndTextRetrievalImpl : public torch::nn::Module {
public:
    explicit BridgeTowerForImageAndTextRetrievalImpl(const BridgeTowerConfig& config);

    // labels: [B] int64 in {0, 1} or undefined.
    ItmOutput forward(const at::Tensor& inputIds, const at::Tensor& attentionMask, const at::Tensor& pixelValues,
                      const at::Tensor& labels = {}, bool outputHiddenStates = false);

    BridgeTowerModel& bridgetower() { return m_bridgetower; }

private:
    BridgeTowerModel m_bridgetower{nullptr};
    torch::nn::Linear m_itmScore{nullptr};
};
TORCH_MODULE(BridgeTowerForImageAndTextRetrieval);

// Built and initialised for training from scratch (BRIDGETOWER.md §8) with torch's global
// generator (seed it first for reproducible weights), in train mode, on the CPU. Throws
// ConfigError for configs HF v4.35.2 cannot run.
BridgeTowerForContrastiveLearning makeContrastiveModel(const BridgeTowerConfig& config);
BridgeTowerForImageAndTextRetrieval makeItmModel(const BridgeTowerConfig& config);

}  // namespace bb
