#include "engine/synthetic_tensor_source.h"

namespace bb {

SyntheticTensorSource::SyntheticTensorSource(const SyntheticTensorOptions& options)
    : m_options(options), m_generator(at::detail::createCPUGenerator(options.seed)) {
    const auto size = options.imageSizePx;
    m_patterns = torch::randn({options.classes, 3, size, size}, m_generator, torch::kFloat);
    // Token 0 and 2 frame each caption like <s> … </s>; the body is class-specific.
    m_captions = torch::randint(3, options.vocabSize, {options.classes, options.textLength}, m_generator, torch::kLong);
    m_captions.select(1, 0).fill_(0);
    m_captions.select(1, options.textLength - 1).fill_(2);
}

std::optional<ModelInputs> SyntheticTensorSource::next() {
    const auto classes = torch::randint(0, m_options.classes, {m_options.batchSize}, m_generator, torch::kLong);
    ModelInputs inputs;
    inputs.pixelValues = m_patterns.index_select(0, classes) +
                         0.5 * torch::randn(m_patterns.index_select(0, classes).sizes(), m_generator, torch::kFloat);
    inputs.inputIds = m_captions.index_select(0, classes);
    inputs.attentionMask = torch::ones_like(inputs.inputIds);
    return inputs;
}

}  // namespace bb
