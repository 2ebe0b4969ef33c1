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

// Global batch index → dataset indices. Caches one epoch's permutation: one instance per
// thread.
class SampleOrder {
public:
    // dropLast: every batch has batchSize samples and an epoch's remainder is left out.
    SampleOrder(std::size_t datasetSize, std::int64_t batchSize, bool shuffle, bool dropLast,
                std::uint64_t seed);

    std::int64_t batchesPerEpoch() const noexcept { return m_batchesPerEpoch; }
    std::int64_t epochOf(std::int64_t batchIndex) const noexcept { return batchIndex / m_batchesPerEpoch; }

    // Valid until the next call.
    std::span<const std::uint32_t> batch(std::int64_t batchIndex);

private:
    std::size_t m_datasetSize;
    std::int64_t m_batchSize;
    bool m_shuffle;
    std::uint64_t m_seed;
    std::int64_t m_batchesPerEpoch;
    std::int64_t m_cachedEpoch = -1;
    std::vector<std::uint32_t> m_permutation;
};

}  // namespace bb
