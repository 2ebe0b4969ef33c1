#include "data/text_collate.h"

#include <vector>

#include <gtest/gtest.h>

namespace bb {
namespace {

struct Row {
    std::vector<std::int64_t> ids;
    std::vector<std::int64_t> mask;
};

Row collate(const std::vector<std::int64_t>& ids, std::int64_t maxLength) {
    Row row{std::vector<std::int64_t>(static_cast<std::size_t>(maxLength), -7),
            std::vector<std::int64_t>(static_cast<std::size_t>(maxLength), -7)};
    padOrTruncate(ids, TextPadding{maxLength, 1, 2}, row.ids.data(), row.mask.data());
    return row;
}

TEST(TextCollate, PadsShortSequencesWithPadIdAndZeroMask) {
    const Row row = collate({0, 100, 101, 2}, 6);
    EXPECT_EQ(row.ids, (std::vector<std::int64_t>{0, 100, 101, 2, 1, 1}));
    EXPECT_EQ(row.mask, (std::vector<std::int64_t>{1, 1, 1, 1, 0, 0}));
}

TEST(TextCollate, TruncationKeepsTheFinalEndToken) {
    const Row row = collate({0, 100, 101, 102, 103, 2}, 4);
    EXPECT_EQ(row.ids, (std::vector<std::int64_t>{0, 100, 101, 2}));
    EXPECT_EQ(row.mask, (std::vector<std::int64_t>{1, 1, 1, 1}));
}

TEST(TextCollate, TruncatesPlainlyWhenTheSequenceHasNoEndToken) {
    const Row row = collate({0, 100, 101, 102, 103}, 3);
    EXPECT_EQ(row.ids, (std::vector<std::int64_t>{0, 100, 101}));
}

TEST(TextCollate, ExactLengthIsUnchanged) {
    const Row row = collate({0, 5, 2}, 3);
    EXPECT_EQ(row.ids, (std::vector<std::int64_t>{0, 5, 2}));
    EXPECT_EQ(row.mask, (std::vector<std::int64_t>{1, 1, 1}));
}

}  // namespace
}  // namespace bb
