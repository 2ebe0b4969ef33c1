#include "bridgebench/roberta_tokenizer.h"

#include <chrono>
#include <fstream>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "bridgebench/errors.h"
#include "support/file_bytes.h"
#include "support/temp_dir.h"

namespace bb::roberta_tokenizer_test {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;

const std::filesystem::path kResourceDir = std::filesystem::path(BB_SOURCE_DIR) / "resources/tokenizer/roberta";

class RobertaTokenizerTest : public ::testing::Test {
protected:
    static void SetUpTestSuite() {
        s_tokenizer =
            new RobertaTokenizer(RobertaTokenizer::fromFiles(kResourceDir / "vocab.json", kResourceDir / "merges.txt"));
    }
    static void TearDownTestSuite() {
        delete s_tokenizer;
        s_tokenizer = nullptr;
    }
    static const RobertaTokenizer& tokenizer() { return *s_tokenizer; }

private:
    static inline RobertaTokenizer* s_tokenizer = nullptr;
};

nlohmann::json readCases() {
    std::ifstream stream(std::filesystem::path(BB_TEST_DATA_DIR) / "roberta-bpe/tokenizer_cases.json");
    return nlohmann::json::parse(stream).at("cases");
}

std::vector<std::int64_t> ids(std::initializer_list<std::int64_t> values) {
    return values;
}

TEST_F(RobertaTokenizerTest, MatchesHuggingFaceIdsTokensAndDecodingForEveryFixtureCase) {
    const nlohmann::json cases = readCases();
    ASSERT_EQ(cases.size(), 54U);
    for (const nlohmann::json& testCase : cases) {
        const auto text = testCase.at("text").get<std::string>();
        SCOPED_TRACE(testCase.at("text").dump());
        const std::vector<std::int64_t> encoded = tokenizer().encode(text);
        EXPECT_EQ(encoded, testCase.at("input_ids").get<std::vector<std::int64_t>>());
        std::vector<std::string> tokens;
        for (const std::int64_t id : encoded) {
            tokens.push_back(tokenizer().idToToken(id));
        }
        EXPECT_EQ(tokens, testCase.at("tokens").get<std::vector<std::string>>());
        EXPECT_EQ(tokenizer().decode(encoded), testCase.at("decoded").get<std::string>());
    }
}

TEST_F(RobertaTokenizerTest, ExposesRobertasSpecialTokenIds) {
    EXPECT_EQ(tokenizer().bosTokenId(), 0);
    EXPECT_EQ(tokenizer().padTokenId(), 1);
    EXPECT_EQ(tokenizer().eosTokenId(), 2);
    EXPECT_EQ(tokenizer().unkTokenId(), 3);
    EXPECT_EQ(tokenizer().maskTokenId(), 50264);
    EXPECT_EQ(tokenizer().vocabSize(), 50265U);
    EXPECT_EQ(tokenizer().tokenToId("Ġworld"), 232);
    EXPECT_EQ(tokenizer().tokenToId("no such token"), std::nullopt);
    EXPECT_THROW(tokenizer().idToToken(50265), std::out_of_range);
    EXPECT_THROW(tokenizer().idToToken(-1), std::out_of_range);
}

TEST_F(RobertaTokenizerTest, PadsToMaxLengthWithAnAttentionMask) {
    const TokenizedText result = tokenizer().encode("Hello world", 7);
    EXPECT_THAT(result.inputIds, ElementsAre(0, 31414, 232, 2, 1, 1, 1));
    EXPECT_THAT(result.attentionMask, ElementsAre(1, 1, 1, 1, 0, 0, 0));
}

TEST_F(RobertaTokenizerTest, TruncatesKeepingEndOfSequenceLast) {
    const std::vector<std::int64_t> full = tokenizer().encode("A man riding a horse on a beach at sunset.");
    ASSERT_GT(full.size(), 6U);
    const TokenizedText result = tokenizer().encode("A man riding a horse on a beach at sunset.", 6);
    EXPECT_EQ(result.inputIds, ids({0, full[1], full[2], full[3], full[4], 2}));
    EXPECT_THAT(result.attentionMask, ElementsAre(1, 1, 1, 1, 1, 1));
}

TEST_F(RobertaTokenizerTest, NeitherPadsNorTruncatesAtExactLength) {
    const std::vector<std::int64_t> full = tokenizer().encode("Hello world!");
    const TokenizedText result = tokenizer().encode("Hello world!", full.size());
    EXPECT_EQ(result.inputIds, full);
    EXPECT_EQ(result.attentionMask, std::vector<std::int64_t>(full.size(), 1));
}

TEST_F(RobertaTokenizerTest, KeepsOnlyTheSpecialTokensAtMaxLengthTwo) {
    const TokenizedText result = tokenizer().encode("Hello world", 2);
    EXPECT_THAT(result.inputIds, ElementsAre(0, 2));
    EXPECT_THAT(result.attentionMask, ElementsAre(1, 1));
}

TEST_F(RobertaTokenizerTest, RejectsMaxLengthBelowTwo) {
    EXPECT_THROW(tokenizer().encode("Hello", 1), ConfigError);
    EXPECT_THROW(tokenizer().encode("Hello", 0), ConfigError);
}

TEST_F(RobertaTokenizerTest, EncodesEmptyTextAsSpecialTokensOnly) {
    EXPECT_THAT(tokenizer().encode(""), ElementsAre(0, 2));
    const TokenizedText padded = tokenizer().encode("", 4);
    EXPECT_THAT(padded.inputIds, ElementsAre(0, 2, 1, 1));
    EXPECT_THAT(padded.attentionMask, ElementsAre(1, 1, 0, 0));
    EXPECT_EQ(tokenizer().decode(std::vector<std::int64_t>{}), "");
}

TEST_F(RobertaTokenizerTest, MaskSwallowsAllWhitespaceBeforeIt) {
    // "Hello" "<mask>" "Ġworld": the tab, spaces and newline before <mask> are dropped.
    EXPECT_THAT(tokenizer().encode("Hello \t \n<mask> world"), ElementsAre(0, 31414, 50264, 232, 2));
    EXPECT_THAT(tokenizer().encode("<mask>"), ElementsAre(0, 50264, 2));
    // Other special tokens keep the space before them, which becomes a token of its own.
    EXPECT_THAT(tokenizer().encode("Hello </s>"), ElementsAre(0, 31414, 1437, 2, 2));
    // An unfinished special token is plain text.
    EXPECT_THAT(tokenizer().encode("<mask"), ::testing::Not(::testing::Contains(50264)));
}

TEST_F(RobertaTokenizerTest, DecodeCanKeepSpecialTokensAndSpaces) {
    const std::vector<std::int64_t> encoded = tokenizer().encode("Yes , it is .");
    EXPECT_EQ(tokenizer().decode(encoded), "Yes, it is.");
    EXPECT_EQ(tokenizer().decode(encoded, {.skipSpecialTokens = false, .cleanUpTokenizationSpaces = false}),
              "<s>Yes , it is .</s>");
    EXPECT_THROW(tokenizer().decode(std::vector<std::int64_t>{0, 99999}), std::out_of_range);
}

TEST_F(RobertaTokenizerTest, TokenizesInvalidUtf8ByteByByteWithoutLosingIt) {
    const std::string text = "caf\xC3 \xFF\xFE ok \xC0\xAF \xED\xA0\x80";
    const std::vector<std::int64_t> encoded = tokenizer().encode(text);
    ASSERT_GE(encoded.size(), 2U);
    for (std::size_t i = 1; i + 1 < encoded.size(); ++i) {
        EXPECT_NE(encoded[i], tokenizer().unkTokenId());
    }
    // Decoding replaces each ill-formed sequence by U+FFFD as Python's errors="replace" does.
    EXPECT_EQ(tokenizer().decode(encoded, {.cleanUpTokenizationSpaces = false}),
              "caf\uFFFD \uFFFD\uFFFD ok \uFFFD\uFFFD \uFFFD\uFFFD\uFFFD");
    // A lone 0xFF is the byte-level symbol "ÿ" (U+00FF), its own token.
    EXPECT_THAT(tokenizer().encode("\xFF"), ElementsAre(0, *tokenizer().tokenToId("\u00FF"), 2));
}

TEST_F(RobertaTokenizerTest, EncodesAMegabyteWordInBoundedTime) {
    const std::string word(1 << 20, 'a');
    const auto start = std::chrono::steady_clock::now();
    const std::vector<std::int64_t> encoded = tokenizer().encode(word);
    const auto elapsed = std::chrono::steady_clock::now() - start;
    // Hugging Face's loop is quadratic per word (hours here); ours is O(n log n), about a second.
    EXPECT_LT(elapsed, std::chrono::seconds(30));
    EXPECT_EQ(tokenizer().decode(encoded), word);
    // As the fixture's 60-letter case: "aaaa" tokens only.
    std::vector<std::int64_t> expected(word.size() / 4 + 2, *tokenizer().tokenToId("aaaa"));
    expected.front() = 0;
    expected.back() = 2;
    EXPECT_EQ(encoded, expected);

    const TokenizedText truncated = tokenizer().encode(word, 16);
    // The first 15 ids, then </s> in the 16th place.
    std::vector<std::int64_t> expectedTruncated(encoded.begin(), encoded.begin() + 16);
    expectedTruncated.back() = 2;
    EXPECT_EQ(truncated.inputIds, expectedTruncated);
}

std::string utf8Of(char32_t codePoint) {
    std::string out;
    if (codePoint < 0x80) {
        out += static_cast<char>(codePoint);
    } else if (codePoint < 0x800) {
        out += static_cast<char>(0xC0 | (codePoint >> 6));
        out += static_cast<char>(0x80 | (codePoint & 0x3F));
    } else if (codePoint < 0x10000) {
        out += static_cast<char>(0xE0 | (codePoint >> 12));
        out += static_cast<char>(0x80 | ((codePoint >> 6) & 0x3F));
        out += static_cast<char>(0x80 | (codePoint & 0x3F));
    } else {
        out += static_cast<char>(0xF0 | (codePoint >> 18));
        out += static_cast<char>(0x80 | ((codePoint >> 12) & 0x3F));
        out += static_cast<char>(0x80 | ((codePoint >> 6) & 0x3F));
        out += static_cast<char>(0x80 | (codePoint & 0x3F));
    }
    return out;
}

TEST_F(RobertaTokenizerTest, RoundTripsAMegabyteOfRandomText) {
    // Mostly ASCII (words, digits, punctuation, whitespace runs), the rest from anywhere in Unicode,
    // so that every pre-tokenization rule and many multi-byte merges are exercised.
    std::mt19937 generator(42);
    std::uniform_int_distribution<int> kind(0, 9);
    std::uniform_int_distribution<int> ascii(0x09, 0x7E);
    std::uniform_int_distribution<char32_t> anyCodePoint(0x80, 0x10FFFF);
    std::string text;
    while (text.size() < (1U << 20)) {
        char32_t codePoint = kind(generator) < 8 ? static_cast<char32_t>(ascii(generator)) : anyCodePoint(generator);
        if (codePoint >= 0xD800 && codePoint <= 0xDFFF) {
            continue;  // surrogates are not text
        }
        text += utf8Of(codePoint);
    }
    const std::vector<std::int64_t> encoded = tokenizer().encode(text);
    for (std::size_t i = 1; i + 1 < encoded.size(); ++i) {
        ASSERT_NE(encoded[i], tokenizer().unkTokenId()) << "at token " << i;
    }
    // Literal special-token strings come back as text, so nothing is lost but the <s> … </s> pair.
    EXPECT_EQ(tokenizer().decode(encoded, {.skipSpecialTokens = false, .cleanUpTokenizationSpaces = false}),
              "<s>" + text + "</s>");
}

TEST_F(RobertaTokenizerTest, GivesTheSameIdsFromSeveralThreads) {
    const nlohmann::json cases = readCases();
    std::vector<std::string> texts;
    std::vector<std::vector<std::int64_t>> expected;
    for (const nlohmann::json& testCase : cases) {
        texts.push_back(testCase.at("text").get<std::string>());
        expected.push_back(testCase.at("input_ids").get<std::vector<std::int64_t>>());
    }
    const RobertaTokenizer shared = tokenizer();  // copies share the cache
    std::vector<int> mismatches(4, 0);
    {
        std::vector<std::jthread> threads;
        for (std::size_t t = 0; t < mismatches.size(); ++t) {
            threads.emplace_back([&, t] {
                for (int round = 0; round < 20; ++round) {
                    for (std::size_t i = 0; i < texts.size(); ++i) {
                        const std::size_t index = (i + t * 7 + static_cast<std::size_t>(round)) % texts.size();
                        mismatches[t] += shared.encode(texts[index]) != expected[index] ? 1 : 0;
                    }
                }
            });
        }
    }
    EXPECT_THAT(mismatches, ElementsAre(0, 0, 0, 0));
}

class RobertaTokenizerFilesTest : public ::testing::Test {
protected:
    std::filesystem::path writeVocab(std::string_view contents) {
        return test::writeFileBytes(m_dir.file("vocab.json"), contents);
    }
    std::filesystem::path writeMerges(std::string_view contents) {
        return test::writeFileBytes(m_dir.file("merges.txt"), contents);
    }
    static std::string errorOf(const std::filesystem::path& vocab, const std::filesystem::path& merges) {
        try {
            RobertaTokenizer::fromFiles(vocab, merges);
        } catch (const InputError& error) {
            return error.what();
        }
        return "no error";
    }

    test::TempDir m_dir;
};

constexpr std::string_view kTinyVocab =
    R"({"<s>": 0, "<pad>": 1, "</s>": 2, "<unk>": 3, "<mask>": 4, "a": 5, "b": 6, "ab": 7, "Ġ": 8, "Ġab": 9})";
constexpr std::string_view kTinyMerges = "#version: 0.2\na b\nĠ ab\n";

TEST_F(RobertaTokenizerFilesTest, ReadsASmallHandWrittenVocabulary) {
    const RobertaTokenizer tokenizer = RobertaTokenizer::fromFiles(writeVocab(kTinyVocab), writeMerges(kTinyMerges));
    EXPECT_THAT(tokenizer.encode("ab ab"), ElementsAre(0, 7, 9, 2));
    EXPECT_THAT(tokenizer.encode("abc"), ElementsAre(0, 7, 3, 2));  // "c" is not in the vocabulary
    EXPECT_EQ(tokenizer.maskTokenId(), 4);
    EXPECT_EQ(tokenizer.decode(tokenizer.encode("ab ab")), "ab ab");
}

TEST_F(RobertaTokenizerFilesTest, ReportsAMissingFileByName) {
    const std::string message = errorOf(m_dir.path() / "absent.json", writeMerges(kTinyMerges));
    EXPECT_THAT(message, HasSubstr("absent.json"));
    EXPECT_THAT(message, HasSubstr("cannot read"));
}

TEST_F(RobertaTokenizerFilesTest, ReportsJsonSyntaxErrorsWithLineAndColumn) {
    const std::string message = errorOf(writeVocab("{\"<s>\": 0,\n \"a\" 5}"), writeMerges(kTinyMerges));
    EXPECT_THAT(message, HasSubstr("vocab.json"));
    EXPECT_THAT(message, HasSubstr("line 2"));
}

TEST_F(RobertaTokenizerFilesTest, ReportsAWrongValueByToken) {
    EXPECT_THAT(errorOf(writeVocab(R"({"<s>": 0, "hello": "5"})"), writeMerges(kTinyMerges)),
                HasSubstr(R"(token "hello": expected an integer id, found a string)"));
    EXPECT_THAT(errorOf(writeVocab(R"({"<s>": 0, "hello": 1.5})"), writeMerges(kTinyMerges)),
                HasSubstr(R"(token "hello": expected an integer id)"));
    EXPECT_THAT(errorOf(writeVocab(R"({"<s>": -1})"), writeMerges(kTinyMerges)), HasSubstr("negative"));
    EXPECT_THAT(errorOf(writeVocab(R"({"<s>": 0, "x": 0})"), writeMerges(kTinyMerges)),
                HasSubstr(R"(token "x": id 0 is already the id of "<s>")"));
    EXPECT_THAT(errorOf(writeVocab(R"({"<s>": 99999999999})"), writeMerges(kTinyMerges)), HasSubstr("larger than"));
    // Found by fuzz_tokenizer: 2^24 - 1 was allowed, and made the vocabulary 1 GiB of empty strings.
    EXPECT_THAT(errorOf(writeVocab(R"({"<s>": 16777215})"), writeMerges(kTinyMerges)),
                HasSubstr(R"(token "<s>": id is larger than 1048575)"));
    EXPECT_THAT(errorOf(writeVocab(R"(["<s>", 0])"), writeMerges(kTinyMerges)), HasSubstr("found an array"));
    EXPECT_THAT(errorOf(writeVocab(R"({"<s>": {"x": 1}})"), writeMerges(kTinyMerges)),
                HasSubstr(R"(token "<s>": expected an integer id, found an object)"));
}

TEST_F(RobertaTokenizerFilesTest, RequiresEverySpecialToken) {
    EXPECT_THAT(errorOf(writeVocab(R"({"<s>": 0, "<pad>": 1, "</s>": 2, "<unk>": 3})"), writeMerges(kTinyMerges)),
                HasSubstr(R"(the vocabulary has no "<mask>" token)"));
}

TEST_F(RobertaTokenizerFilesTest, ReportsAMalformedMergeByLine) {
    const std::filesystem::path vocab = writeVocab(kTinyVocab);
    EXPECT_THAT(errorOf(vocab, writeMerges("#version: 0.2\na b\na b c\n")), HasSubstr("merges.txt: line 3"));
    EXPECT_THAT(errorOf(vocab, writeMerges("#version: 0.2\nab\n")), HasSubstr("merges.txt: line 2"));
    EXPECT_THAT(errorOf(vocab, writeMerges("#version: 0.2\na  b\n")), HasSubstr("merges.txt: line 2"));
    // Blank lines and Windows line ends are tolerated.
    EXPECT_EQ(errorOf(vocab, writeMerges("#version: 0.2\r\na b\r\n\r\nĠ ab\r\n")), "no error");
}

}  // namespace
}  // namespace bb::roberta_tokenizer_test
