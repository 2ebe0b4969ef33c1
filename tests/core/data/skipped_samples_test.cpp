#include "bridgebench/skipped_samples.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

namespace bb {
namespace {

TEST(SkippedSamples, CountsAllListsTheFirstFew) {
    SkippedSamples skipped;
    for (int i = 0; i < 8; ++i) {
        skipped.add("file" + std::to_string(i), "missing");
    }
    EXPECT_EQ(skipped.count, 8);
    ASSERT_EQ(skipped.first.size(), SkippedSamples::kListed);
    EXPECT_EQ(skipped.first.front().path, "file0");

    SkippedSamples more;
    more.add("other", "not an image");
    more.merge(skipped);
    EXPECT_EQ(more.count, 9);
    EXPECT_EQ(more.first.size(), SkippedSamples::kListed);
    EXPECT_EQ(more.first.front().path, "other");

    const nlohmann::json json = more;
    EXPECT_EQ(json["count"], 9);
    EXPECT_EQ(json["first"][0]["reason"], "not an image");
}

}  // namespace
}  // namespace bb
