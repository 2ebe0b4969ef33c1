// DistributedSampler's semantics: over an epoch the ranks' samples are disjoint (up to the
// padding), cover the dataset, and every rank has the same number.
#include <gtest/gtest.h>

#include <set>

#include "data/sample_order.h"

namespace bb {
namespace {

TEST(EpochShard, RanksAreDisjointAndCoverTheDatasetOverAnEpoch) {
    for (const std::size_t size : {std::size_t{10}, std::size_t{11}, std::size_t{64}}) {
        const auto permutation = epochPermutation(size, 5, 2, true);
        std::multiset<std::uint32_t> seen;
        std::size_t perRank = 0;
        for (int rank = 0; rank < 3; ++rank) {
            const auto shard = epochShard(permutation, rank, 3);
            if (rank == 0) perRank = shard.size();
            EXPECT_EQ(shard.size(), perRank) << "every rank the same count";
            seen.insert(shard.begin(), shard.end());
        }
        EXPECT_EQ(perRank, (size + 2) / 3);
        for (std::uint32_t index = 0; index < size; ++index) EXPECT_GE(seen.count(index), 1u) << index;
        // Only the padding repeats: as many extra samples as rounding up to 3 ranks adds.
        EXPECT_EQ(seen.size(), 3 * perRank);
        EXPECT_EQ(std::set<std::uint32_t>(seen.begin(), seen.end()).size(), size);
    }
}

TEST(EpochShard, BatchesOfARankComeFromItsShardOnly) {
    constexpr std::size_t kSize = 40;
    SampleOrder rank0(kSize, 4, true, true, 9, 0, 2);
    SampleOrder rank1(kSize, 4, true, true, 9, 1, 2);
    EXPECT_EQ(rank0.batchesPerEpoch(), 5);  // 20 samples each
    std::set<std::uint32_t> first, second;
    for (std::int64_t batch = 0; batch < rank0.batchesPerEpoch(); ++batch) {
        for (auto index : rank0.batch(batch)) first.insert(index);
        for (auto index : rank1.batch(batch)) second.insert(index);
    }
    EXPECT_EQ(first.size(), 20u);
    EXPECT_EQ(second.size(), 20u);
    for (auto index : first) EXPECT_EQ(second.count(index), 0u) << index;
}

TEST(EpochShard, OneRankIsTheWholePermutation) {
    const auto permutation = epochPermutation(17, 1, 0, true);
    EXPECT_EQ(epochShard(permutation, 0, 1), permutation);
}

}  // namespace
}  // namespace bb
