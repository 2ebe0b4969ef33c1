#include "text/word_cache.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

namespace bb::text {
namespace {

using ::testing::ElementsAre;

TEST(WordCache, AppendsCachedIdsAfterWhatIsThere) {
    const WordCache cache(4, 16);
    std::vector<std::int64_t> ids{7};
    EXPECT_FALSE(cache.appendIfCached("word", ids));
    cache.insert("word", {1, 2});
    EXPECT_TRUE(cache.appendIfCached("word", ids));
    EXPECT_THAT(ids, ElementsAre(7, 1, 2));
}

TEST(WordCache, EvictsTheLeastRecentlyUsedWordWhenFull) {
    const WordCache cache(2, 16);
    std::vector<std::int64_t> ids;
    cache.insert("a", {1});
    cache.insert("b", {2});
    EXPECT_TRUE(cache.appendIfCached("a", ids));  // "b" is now the least recent
    cache.insert("c", {3});
    EXPECT_EQ(cache.size(), 2U);
    EXPECT_TRUE(cache.appendIfCached("a", ids));
    EXPECT_FALSE(cache.appendIfCached("b", ids));
    EXPECT_TRUE(cache.appendIfCached("c", ids));
    EXPECT_THAT(ids, ElementsAre(1, 1, 3));
}

TEST(WordCache, DoesNotKeepLongWords) {
    const WordCache cache(4, 3);
    std::vector<std::int64_t> ids;
    cache.insert("long", {1});
    EXPECT_EQ(cache.size(), 0U);
    EXPECT_FALSE(cache.appendIfCached("long", ids));
}

}  // namespace
}  // namespace bb::text
