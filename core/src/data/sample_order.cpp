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

std::vector<std::uint32_t> epochShard(const std::vector<std::uint32_t>& permutation, int rank, int count) {
    if (count <= 1 || permutation.empty()) return permutation;
    const std::size_t perRank = (permutation.size() + static_cast<std::size_t>(count) - 1) / static_cast<std::size_t>(count);
    std::vector<std::uint32_t> shard;
    shard.reserve(perRank);
    for (std::size_t k = 0; k < perRank; ++k)
        shard.push_back(permutation[(k * static_cast<std::size_t>(count) + static_cast<std::size_t>(rank)) % permutation.size()]);
    return shard;
}

SampleOrder::SampleOrder(std::size_t datasetSize, std::int64_t batchSize, bool shuffle, bool dropLast,
                         std::uint64_t seed, int shardRank, int shardCount)
    : m_datasetSize(datasetSize),
      m_shardRank(shardRank),
      m_shardCount(std::max(1, shardCount)),
      m_shardSize(m_shardCount > 1 && datasetSize > 0
                      ? (datasetSize + static_cast<std::size_t>(m_shardCount) - 1) / static_cast<std::size_t>(m_shardCount)
                      : datasetSize),
      m_batchSize(batchSize),
      m_shuffle(shuffle),
      m_seed(seed),
      m_batchesPerEpoch(static_cast<std::int64_t>(dropLast ? m_shardSize / batchSize
                                                           : (m_shardSize + batchSize - 1) / batchSize)) {}

std::span<const std::uint32_t> SampleOrder::batch(std::int64_t batchIndex) {
    const std::int64_t epoch = epochOf(batchIndex);
    if (epoch != m_cachedEpoch) {
        m_permutation = epochShard(epochPermutation(m_datasetSize, m_seed, epoch, m_shuffle), m_shardRank, m_shardCount);
        m_cachedEpoch = epoch;
    }
    const auto first = static_cast<std::size_t>((batchIndex % m_batchesPerEpoch) * m_batchSize);
    const std::size_t count = std::min(static_cast<std::size_t>(m_batchSize), m_shardSize - first);
    return {m_permutation.data() + first, count};
}

}  // namespace bb
