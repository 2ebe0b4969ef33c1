#include "engine/synthetic_tensor_source.h"

namespace bb {

SyntheticTensorSource::SyntheticTensorSource(const SyntheticTensorOptions& options, torch::Device device)
    : m_options(options), m_device(device), m_generator(at::detail::createCPUGenerator(options.seed)) {
    const auto size = options.imageSizePx;
    m_patterns = torch::randn({options.classes, 3, size, size}, m_generator, torch::kFloat);
    // Token 0 and 2 frame each caption like <s> … </s>; the body is class-specific.
    m_captions = torch::randint(3, options.vocabSize, {options.classes, options.textLength}, m_generator, torch::kLong);
    m_captions.select(1, 0).fill_(0);
    m_captions.select(1, options.textLength - 1).fill_(2);
}

bool SyntheticTensorSource::fetch() {
    const auto classes = torch::randint(0, m_options.classes, {m_options.batchSize}, m_generator, torch::kLong);
    const auto patterns = m_patterns.index_select(0, classes);
    m_fetched.pixelValues = patterns + 0.5 * torch::randn(patterns.sizes(), m_generator, torch::kFloat);
    m_fetched.inputIds = m_captions.index_select(0, classes);
    m_fetched.attentionMask = torch::ones_like(m_fetched.inputIds);
    return true;
}

ModelInputs SyntheticTensorSource::prepare() { return m_fetched.to(m_device); }

}  // namespace bb
