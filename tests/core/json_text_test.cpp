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

}  // namespace
}  // namespace bb
