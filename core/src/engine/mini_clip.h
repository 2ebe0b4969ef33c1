// A small contrastive image-text model (conv image tower, embedding-bag text tower, CLIP loss).
// It trains in milliseconds per step on a CPU, which makes it the quick smoke workload; the
// benchmark's real workload is BridgeTower.
#pragma once

#include "bridgebench/mini_clip_size.h"
#include "engine/training_model.h"

namespace bb {

struct MiniClipOptions {
    TORCH_ARG(std::int64_t, imageSizePx) = kMiniClipImageSizePx;
    TORCH_ARG(std::int64_t, textLength) = 16;
    TORCH_ARG(std::int64_t, vocabSize) = 1000;
    TORCH_ARG(std::int64_t, width) = 64;
    TORCH_ARG(std::int64_t, embedDim) = 32;
};

class MiniClipImpl : public torch::nn::Module {
public:
    explicit MiniClipImpl(const MiniClipOptions& options);
    // Mean of the image→text and text→image cross-entropies over in-batch negatives.
    torch::Tensor forward(const torch::Tensor& pixelValues, const torch::Tensor& inputIds,
                          const torch::Tensor& attentionMask);
    const MiniClipOptions& options() const { return m_options; }
    // Multiply-accumulates of one forward pass per sample, ×2 for FLOPs, ×3 for training.
    double trainingFlopsPerSample() const;

private:
    MiniClipOptions m_options;
    torch::nn::Conv2d m_patchify{nullptr};
    torch::nn::Conv2d m_mix{nullptr};
    torch::nn::Linear m_imageProjection{nullptr};
    torch::nn::Embedding m_tokens{nullptr};
    torch::nn::Linear m_textProjection{nullptr};
    torch::Tensor m_logitScale;
};
TORCH_MODULE(MiniClip);

std::unique_ptr<TrainingModel> makeMiniClipTrainingModel(const MiniClipOptions& options);

}  // namespace bb
