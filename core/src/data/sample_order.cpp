#include "data/sample_order.h"

#include <algorithm>
#include <numeric>

#include "data/random.h"

namespace bb {

namespace {

// Keeps the order's random stream apart from the augmentation's, which also derives from
// (seed, epoch).
constexpr std::uint64_t kOrderStream = 0x6f72646572ULL;

}  // namespace

std::vector<std::uint32_t> epochPermutation(std::size_t size, std::uint64_t seed, std::int64_t epoch,
                                            bool shuffle) {
    std::vector<std::uint32_t> order(size);
    std::iota(order.begin(), order.end(), std::uint32_t{0});
    if (!shuffle) {
        return order;
    }
    SplitMix64 rng(mixSeed(mixSeed(seed, kOrderStream), static_cast<std::uint64_t>(epoch)));
    for (std::size_t i = size; i > 1; --i) {
        std::swap(order[i - 1], order[rng.below(i)]);
    }
    return order;
}

SampleOrder::SampleOrder(std::size_t datasetSize, std::int64_t batchSize, bool shuffle, bool dropLast,
                         std::uint64_t seed)
    : m_datasetSize(datasetSize),
      m_batchSize(batchSize),
      m_shuffle(shuffle),
      m_seed(seed),
      m_batchesPerEpoch(static_cast<std::int64_t>(dropLast ? datasetSize / batchSize
                                                           : (datasetSize + batchSize - 1) / batchSize)) {}

std::span<const std::uint32_t> SampleOrder::batch(std::int64_t batchIndex) {
    const std::int64_t epoch = epochOf(batchIndex);
    if (epoch != m_cachedEpoch) {
        m_permutation = epochPermutation(m_datasetSize, m_seed, epoch, m_shuffle);
        m_cachedEpoch = epoch;
    }
    const auto first = static_cast<std::size_t>((batchIndex % m_batchesPerEpoch) * m_batchSize);
    const std::size_t count = std::min(static_cast<std::size_t>(m_batchSize), m_datasetSize - first);
    return {m_permutation.data() + first, count};
}

}  // namespace bb
