#include "util/json_text.h"

#include <gtest/gtest.h>

#include "bridgebench/errors.h"

namespace bb {
namespace {

TEST(JsonText, ANumberOutsideDoublesRangeIsAnErrorWithItsLineAndColumn) {
    JsonTextError error;
    EXPECT_FALSE(parseJsonText("{\n  \"a\": 1,\n  \"b\": 1e309\n}", error));
    EXPECT_EQ(error.position.line, 3u);
    EXPECT_EQ(error.position.column, 8u);  // where 1e309 starts
    EXPECT_EQ(error.reason, "number overflow parsing '1e309'");
}

TEST(JsonText, ASyntaxErrorKeepsItsReasonWithoutNlohmannsTag) {
    JsonTextError error;
    EXPECT_FALSE(parseJsonText("[1,\n 2,,]", error));
    EXPECT_EQ(error.position.line, 2u);
    EXPECT_EQ(error.reason.find("[json.exception"), std::string::npos) << error.reason;
    EXPECT_EQ(error.reason.find("parse error at line"), std::string::npos) << error.reason;
    EXPECT_NE(error.reason.find("syntax error"), std::string::npos) << error.reason;
}

TEST(JsonText, OrThrowNamesTheSourceAndGivesTheValueOtherwise) {
    EXPECT_EQ(parseJsonTextOrThrow("{\"x\": 2}", "f.json")["x"], 2);
    try {
        parseJsonTextOrThrow("\n-1e400", "f.json");
        FAIL() << "expected InputError";
    } catch (const InputError& error) {
        EXPECT_STREQ(error.what(), "f.json: line 2, column 1: number overflow parsing '-1e400'");
    }
}

std::string nested(std::size_t depth) { return std::string(depth, '[') + std::string(depth, ']'); }

// 100,000 levels overflowed the stack where a value was copied or printed (SIGSEGV in list, show,
// import); the limit is checked before anything is parsed, with the place it was passed.
TEST(JsonText, NestingDeeperThanTheLimitIsRefusedWhereItPassesIt) {
    JsonTextError error;
    EXPECT_TRUE(parseJsonText(nested(kMaxJsonDepth), error));
    EXPECT_FALSE(parseJsonText("{\n \"a\": " + nested(100'000) + "}", error));
    EXPECT_EQ(error.position.line, 2u);
    // The object is the first level: the 512th bracket after it, at column 7 + 511, is one too many.
    EXPECT_EQ(error.position.column, 6u + kMaxJsonDepth);
    EXPECT_NE(error.reason.find("nested deeper than 512"), std::string::npos) << error.reason;
    std::string why;
    EXPECT_FALSE(parseStoredJsonText(nested(100'000), why));
    EXPECT_EQ(why, "nested deeper than 512 levels");
}

TEST(JsonText, BracketsInsideStringsAreNotNesting) {
    const std::string brackets(10'000, '[');
    JsonTextError error;
    const auto parsed = parseJsonText("{\"a\": \"" + brackets + "\\\" [\"}", error);
    ASSERT_TRUE(parsed) << error.reason;
    EXPECT_EQ((*parsed)["a"].get<std::string>(), brackets + "\" [");
}

}  // namespace
}  // namespace bb
