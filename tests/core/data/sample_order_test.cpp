#include "data/sample_order.h"

#include <algorithm>
#include <numeric>
#include <set>

#include <gtest/gtest.h>

namespace bb {
namespace {

TEST(SampleOrder, EachEpochIsAPermutationThatDependsOnSeedAndEpoch) {
    const auto first = epochPermutation(100, 3, 0, true);
    std::vector<std::uint32_t> sorted = first;
    std::sort(sorted.begin(), sorted.end());
    std::vector<std::uint32_t> identity(100);
    std::iota(identity.begin(), identity.end(), 0U);
    EXPECT_EQ(sorted, identity);
    EXPECT_NE(first, identity);
    EXPECT_EQ(first, epochPermutation(100, 3, 0, true));
    EXPECT_NE(first, epochPermutation(100, 3, 1, true));
    EXPECT_NE(first, epochPermutation(100, 4, 0, true));
    EXPECT_EQ(epochPermutation(100, 3, 0, false), identity);
}

TEST(SampleOrder, BatchesCoverAnEpochAndDropTheRemainder) {
    SampleOrder order(10, 3, true, /*dropLast=*/true, 1);
    ASSERT_EQ(order.batchesPerEpoch(), 3);
    std::set<std::uint32_t> seen;
    for (std::int64_t batch = 0; batch < 3; ++batch) {
        const auto samples = order.batch(batch);
        ASSERT_EQ(samples.size(), 3U);
        seen.insert(samples.begin(), samples.end());
    }
    EXPECT_EQ(seen.size(), 9U);
    EXPECT_EQ(order.epochOf(3), 1);
    const auto nextEpoch = order.batch(3);
    const auto permutation = epochPermutation(10, 1, 1, true);
    EXPECT_TRUE(std::equal(nextEpoch.begin(), nextEpoch.end(), permutation.begin()));
}

TEST(SampleOrder, KeepsAShortLastBatchWithoutDropLast) {
    SampleOrder order(10, 4, false, /*dropLast=*/false, 0);
    ASSERT_EQ(order.batchesPerEpoch(), 3);
    const auto last = order.batch(2);
    EXPECT_EQ(std::vector<std::uint32_t>(last.begin(), last.end()), (std::vector<std::uint32_t>{8, 9}));
}

}  // namespace
}  // namespace bb
