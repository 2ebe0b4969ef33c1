#include "text/bpe_model.h"

#include <string>
#include <vector>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

namespace bb::text {
namespace {

using ::testing::ElementsAre;

std::vector<std::string> applied(const BpeModel& model, std::string_view word) {
    std::vector<std::string> symbols;
    for (const std::int32_t symbol : model.apply(word)) {
        symbols.push_back(model.symbolText(symbol));
    }
    return symbols;
}

TEST(BpeModel, LeavesAWordWithoutRankedPairsAsBytes) {
    const BpeModel model;
    EXPECT_THAT(applied(model, "abc"), ElementsAre("a", "b", "c"));
    // Bytes outside printable Latin-1 are spelled in the byte-level alphabet.
    EXPECT_THAT(applied(model, " \n"), ElementsAre("Ġ", "Ċ"));
    EXPECT_TRUE(model.apply("").empty());
}

TEST(BpeModel, MergesOverlappingOccurrencesLeftToRight) {
    BpeModel model;
    model.addMerge("a", "a");
    EXPECT_THAT(applied(model, "aaa"), ElementsAre("aa", "a"));
    EXPECT_THAT(applied(model, "aaaa"), ElementsAre("aa", "aa"));
    model.addMerge("aa", "aa");
    EXPECT_THAT(applied(model, "aaaaa"), ElementsAre("aaaa", "a"));
}

TEST(BpeModel, AppliesTheBestRankFirst) {
    BpeModel model;
    model.addMerge("b", "c");
    model.addMerge("a", "b");
    EXPECT_THAT(applied(model, "abc"), ElementsAre("a", "bc"));
}

TEST(BpeModel, FinishesEveryOccurrenceOfAPairBeforeALowerRankedNewPair) {
    // "ab a" ranks before "a b", but no "ab" exists until "a b" has merged. Hugging Face merges
    // both occurrences of "a b" first, giving "ab ab"; a plain priority queue would merge the new
    // "ab a" between them and give "aba b".
    BpeModel model;
    model.addMerge("ab", "a");
    model.addMerge("a", "b");
    EXPECT_THAT(applied(model, "abab"), ElementsAre("ab", "ab"));
}

TEST(BpeModel, TreatsSymbolsAsStringsWhateverMergeMadeThem) {
    BpeModel model;
    model.addMerge("b", "c");
    model.addMerge("a", "bc");
    const std::size_t symbolsBefore = model.symbolCount();
    model.addMerge("ab", "c");  // adds "ab" only: "abc" exists already
    EXPECT_EQ(model.symbolCount(), symbolsBefore + 1);
    model.addMerge("abc", "d");
    EXPECT_THAT(applied(model, "abcd"), ElementsAre("abcd"));
}

TEST(BpeModel, LaterDuplicateMergeLineDecidesTheRank) {
    BpeModel model;
    model.addMerge("a", "b");
    model.addMerge("b", "c");
    model.addMerge("a", "b");  // now ranks after "b c"
    EXPECT_THAT(applied(model, "abc"), ElementsAre("a", "bc"));
}

TEST(BpeModel, MergesALongWordInOneLogLinearPass) {
    BpeModel model;
    model.addMerge("a", "a");
    model.addMerge("aa", "aa");
    model.addMerge("aaaa", "aaaa");
    const std::vector<std::int32_t> symbols = model.apply(std::string(1'000'003, 'a'));
    ASSERT_EQ(symbols.size(), 125'000U + 2U);
    EXPECT_EQ(model.symbolText(symbols.front()), "aaaaaaaa");
    EXPECT_EQ(model.symbolText(symbols[125'000]), "aa");
    EXPECT_EQ(model.symbolText(symbols.back()), "a");
}

}  // namespace
}  // namespace bb::text
