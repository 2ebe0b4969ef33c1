// Batches drawn from a fixed pool of generated image-text pairs: each pair's image is a
// noisy version of its class pattern and its tokens name the class, so a model can learn
// the pairing and the loss falls. No files, no decode: it measures compute alone
// (`dataset = synthetic-tensors`).
#pragma once

#include "engine/batch_source.h"

namespace bb {

struct SyntheticTensorOptions {
    std::int64_t batchSize = 8;
    std::int64_t imageSizePx = 64;
    std::int64_t textLength = 16;
    std::int64_t vocabSize = 1000;
    std::int64_t classes = 32;
    std::uint64_t seed = 0;
};

class SyntheticTensorSource final : public BatchSource {
public:
    SyntheticTensorSource(const SyntheticTensorOptions& options, torch::Device device);
    bool fetch() override;
    ModelInputs prepare() override;

private:
    SyntheticTensorOptions m_options;
    torch::Device m_device;
    torch::Tensor m_patterns;  // [classes, 3, S, S]
    torch::Tensor m_captions;  // [classes, L]
    torch::Generator m_generator;
    ModelInputs m_fetched;
};

}  // namespace bb
