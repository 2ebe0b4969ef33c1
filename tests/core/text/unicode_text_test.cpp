#include "text/unicode_text.h"

#include <vector>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

namespace bb::text {
namespace {

TEST(UnicodeText, PythonSpaceIsExactlyWhatStrIsspaceAccepts) {
    // [c for c in range(0x110000) if chr(c).isspace()] under Python 3.11.
    const std::vector<std::int32_t> expected = {0x9,    0xa,    0xb,    0xc,    0xd,    0x1c,   0x1d,   0x1e,
                                                0x1f,   0x20,   0x85,   0xa0,   0x1680, 0x2000, 0x2001, 0x2002,
                                                0x2003, 0x2004, 0x2005, 0x2006, 0x2007, 0x2008, 0x2009, 0x200a,
                                                0x2028, 0x2029, 0x202f, 0x205f, 0x3000};
    std::vector<std::int32_t> actual;
    for (std::int32_t c = 0; c < 0x110000; ++c) {
        if (isPythonSpace(c)) {
            actual.push_back(c);
        }
    }
    EXPECT_EQ(actual, expected);
}

TEST(UnicodeText, WhiteSpaceClassIsTheRegexModulesBackslashS) {
    // [c for c in range(0x110000) if regex.match(r'\s', chr(c))]: Python's isspace() less U+001C..U+001F.
    std::vector<std::int32_t> actual;
    for (std::int32_t c = 0; c < 0x110000; ++c) {
        if (classify(c) == CharClass::Space) {
            actual.push_back(c);
        }
    }
    EXPECT_EQ(actual.size(), 25U);
    EXPECT_EQ(classify(0x1c), CharClass::Other);
    EXPECT_EQ(classify(0x3000), CharClass::Space);
    EXPECT_EQ(classify(0x180E), CharClass::Other);
}

TEST(UnicodeText, ClassifiesLettersAndNumbersInEveryScript) {
    EXPECT_EQ(classify(U'é'), CharClass::Letter);
    EXPECT_EQ(classify(U'猫'), CharClass::Letter);
    EXPECT_EQ(classify(0x02B0), CharClass::Letter);  // modifier letter
    EXPECT_EQ(classify(U'²'), CharClass::Number);
    EXPECT_EQ(classify(0x2167), CharClass::Number);  // Roman numeral eight: letter number
    EXPECT_EQ(classify(0x0301), CharClass::Other);   // combining acute: a mark, not a letter
    EXPECT_EQ(classify(0x1F600), CharClass::Other);
    EXPECT_EQ(classify(-1), CharClass::Other);
}

std::vector<std::size_t> lengths(std::string_view text) {
    std::vector<std::size_t> result;
    for (std::size_t offset = 0; offset < text.size();) {
        const DecodedChar decoded = decodeUtf8At(text, offset);
        result.push_back(decoded.length);
        offset += decoded.length;
    }
    return result;
}

TEST(UnicodeText, ConsumesIllFormedSequencesAsMaximalSubparts) {
    using ::testing::ElementsAre;
    EXPECT_THAT(lengths("\xe2\x82"), ElementsAre(2));
    EXPECT_THAT(lengths("\xf0\x80\x80"), ElementsAre(1, 1, 1));
    EXPECT_THAT(lengths("\xed\xa0\x80"), ElementsAre(1, 1, 1));
    EXPECT_THAT(lengths("\xe2\x82\xac\x80"), ElementsAre(3, 1));
    // The same as bytes.decode("utf-8", "replace") under Python 3.11.
    EXPECT_EQ(replaceIllFormedUtf8("\xe2\x82"), "\uFFFD");
    EXPECT_EQ(replaceIllFormedUtf8("\xf0\x80\x80"), "\uFFFD\uFFFD\uFFFD");
    EXPECT_EQ(replaceIllFormedUtf8(std::string("a\xff") + 'b'), "a\uFFFDb");
    EXPECT_EQ(replaceIllFormedUtf8("\xc0\xaf"), "\uFFFD\uFFFD");
    EXPECT_EQ(replaceIllFormedUtf8("\xf4\x90\x80\x80"), "\uFFFD\uFFFD\uFFFD\uFFFD");
    EXPECT_EQ(replaceIllFormedUtf8("\xe2\x82\xac\x80"), "\u20AC\uFFFD");
}

TEST(UnicodeText, TrimsTrailingPythonSpaceOnly) {
    EXPECT_EQ(trimTrailingPythonSpace("a b \t\n\u3000\x1f"), "a b");
    EXPECT_EQ(trimTrailingPythonSpace("a\u200b"), "a\u200b");
    EXPECT_EQ(trimTrailingPythonSpace("  "), "");
    EXPECT_EQ(trimTrailingPythonSpace("x\xff "), "x\xff");
}

}  // namespace
}  // namespace bb::text
