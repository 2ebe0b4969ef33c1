// Which samples make up each batch. The order is a pure function of (seed, epoch), so it is
// the same whichever thread builds a batch and however many workers there are.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

namespace bb {

// A permutation of [0, size) (the identity when shuffle is false).
std::vector<std::uint32_t> epochPermutation(std::size_t size, std::uint64_t seed, std::int64_t epoch,
                                            bool shuffle);

// Rank r of `count` data-parallel ranks reads every count-th sample of each epoch's
// permutation, starting at r; the permutation is padded from its start to a multiple of
// count first, so every rank has the same number of samples. This is PyTorch's
// DistributedSampler: the same (seed, epoch) on every rank gives disjoint shards that
// cover the dataset.
std::vector<std::uint32_t> epochShard(const std::vector<std::uint32_t>& permutation, int rank, int count);

// Global batch index → dataset indices. Caches one epoch's permutation: one instance per
// thread.
class SampleOrder {
public:
    // dropLast: every batch has batchSize samples and an epoch's remainder is left out.
    SampleOrder(std::size_t datasetSize, std::int64_t batchSize, bool shuffle, bool dropLast,
                std::uint64_t seed, int shardRank = 0, int shardCount = 1);

    std::int64_t batchesPerEpoch() const noexcept { return m_batchesPerEpoch; }
    std::int64_t epochOf(std::int64_t batchIndex) const noexcept { return batchIndex / m_batchesPerEpoch; }

    // Valid until the next call.
    std::span<const std::uint32_t> batch(std::int64_t batchIndex);

private:
    std::size_t m_datasetSize;
    int m_shardRank;
    int m_shardCount;
    std::size_t m_shardSize;
    std::int64_t m_batchSize;
    bool m_shuffle;
    std::uint64_t m_seed;
    std::int64_t m_batchesPerEpoch;
    std::int64_t m_cachedEpoch = -1;
    std::vector<std::uint32_t> m_permutation;
};

}  // namespace bb
