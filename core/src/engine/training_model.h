// What the trainer needs from a model: parameters to optimise and a loss for a batch.
// Internal (torch-facing); the public face of a model is its name in RunConfig.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include <torch/torch.h>

namespace bb {

// One batch on the training device. pixelValues [B,3,S,S] float, inputIds/attentionMask
// [B,L] int64.
struct ModelInputs {
    torch::Tensor pixelValues;
    torch::Tensor inputIds;
    torch::Tensor attentionMask;
    std::int64_t samples() const { return inputIds.defined() ? inputIds.size(0) : 0; }
    ModelInputs to(const torch::Device& device) const {
        return {pixelValues.to(device, /*non_blocking=*/true), inputIds.to(device, true), attentionMask.to(device, true)};
    }
};

class TrainingModel {
public:
    virtual ~TrainingModel() = default;
    virtual torch::nn::Module& module() = 0;
    virtual torch::Tensor loss(const ModelInputs& inputs) = 0;
    virtual double flopsPerSample() const = 0;
    // The input shape it expects, for the data source.
    virtual std::int64_t imageSizePx() const = 0;
    virtual std::int64_t textLength() const = 0;
    virtual std::int64_t vocabSize() const = 0;
};

}  // namespace bb
