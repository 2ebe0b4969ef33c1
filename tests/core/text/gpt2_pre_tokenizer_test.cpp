#include "text/gpt2_pre_tokenizer.h"

#include <string>
#include <vector>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

namespace bb::text {
namespace {

using ::testing::ElementsAre;

std::vector<std::string> words(std::string_view text) {
    std::vector<std::string_view> views;
    splitGpt2Words(text, views);
    return {views.begin(), views.end()};
}

// Expected values are Python's regex.findall() with GPT-2's pattern.
TEST(Gpt2PreTokenizer, SplitsWordsWithTheirLeadingSpace) {
    EXPECT_THAT(words("Hello world"), ElementsAre("Hello", " world"));
    EXPECT_THAT(words("end with space "), ElementsAre("end", " with", " space", " "));
    EXPECT_TRUE(words("").empty());
}

TEST(Gpt2PreTokenizer, LeavesTheLastSpaceOfARunToTheNextWord) {
    EXPECT_THAT(words("  two  spaces\t\tand tabs \n\nnewlines  "),
                ElementsAre(" ", " two", " ", " spaces", "\t", "\t", "and", " tabs", " \n", "\n", "newlines", "  "));
    EXPECT_THAT(words("  "), ElementsAre("  "));
    EXPECT_THAT(words("\n"), ElementsAre("\n"));
}

TEST(Gpt2PreTokenizer, JoinsOnlyTheAsciiSpaceToAWord) {
    EXPECT_THAT(words(" \u00a0x \u3000y\u2003 z"), ElementsAre(" ", "\u00a0", "x", " ", "\u3000", "y", "\u2003", " z"));
    // U+200B is not White_Space: it is punctuation-like; U+001C..U+001F are not \s either.
    EXPECT_THAT(words("x\u200by"), ElementsAre("x", "\u200b", "y"));
    EXPECT_THAT(words("a\034b \037c"), ElementsAre("a", "\034", "b", " \037", "c"));
}

TEST(Gpt2PreTokenizer, SplitsContractionsCaseSensitively) {
    EXPECT_THAT(words("I'm o'clock 'S ''s x's"),
                ElementsAre("I", "'m", " o", "'", "clock", " '", "S", " ''", "s", " x", "'s"));
    EXPECT_THAT(words("!!'s .'ll 'lls"), ElementsAre("!!'", "s", " .'", "ll", " '", "lls"));
    EXPECT_THAT(words(" ' '"), ElementsAre(" '", " '"));
}

TEST(Gpt2PreTokenizer, SeparatesLettersNumbersAndOtherCharacters) {
    EXPECT_THAT(words("a1b2 c3!? \u00bfqu\u00e9? 42nd"),
                ElementsAre("a", "1", "b", "2", " c", "3", "!?", " \u00bf", "qu\u00e9", "?", " 42", "nd"));
    EXPECT_THAT(words("\u0967\u0968\u0969 abc\u0663"), ElementsAre("\u0967\u0968\u0969", " abc", "\u0663"));
}

TEST(Gpt2PreTokenizer, TreatsIllFormedBytesAsPunctuation) {
    EXPECT_THAT(words("ab\xff\xfe!c \xc3"), ElementsAre("ab", "\xff\xfe!", "c", " \xc3"));
}

}  // namespace
}  // namespace bb::text
