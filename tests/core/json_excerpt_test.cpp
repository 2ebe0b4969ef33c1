#include "util/json_excerpt.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "bridgebench/bridgetower_config.h"
#include "bridgebench/errors.h"
#include "bridgebench/run_config.h"

namespace bb {
namespace {

using ::testing::HasSubstr;

// A million nested arrays: 2 MB of text, and a million recursive calls for dump().
std::string deeplyNested() {
    constexpr std::size_t kDepth = 1'000'000;
    return std::string(kDepth, '[') + std::string(kDepth, ']');
}

TEST(JsonExcerpt, QuotesScalarsShortAndContainersByTheirType) {
    EXPECT_EQ(jsonExcerpt(5), "5");
    EXPECT_EQ(jsonExcerpt("word"), "\"word\"");
    // Built by append: GCC 12 warns (-Wstringop-overflow) on "\"" + std::string(39, 'x').
    std::string quoted = "\"";
    quoted.append(39, 'x').append("...");
    EXPECT_EQ(jsonExcerpt(std::string(100, 'x')), quoted);
    EXPECT_EQ(jsonExcerpt(nlohmann::json::array({1})), "an array");
    EXPECT_EQ(jsonExcerpt(nlohmann::json::object()), "an object");
}

// Both overflowed the stack quoting the value in their error message (found by feeding the fuzz
// targets deeply nested inputs, longer than libFuzzer's inputs here).
TEST(JsonExcerpt, ReadersRefuseADeeplyNestedValueWithoutRecursing) {
    // Refused before it is parsed now (util/json_text.h's depth limit), naming where.
    try {
        parseBridgeTowerConfig("{\"hidden_size\": " + deeplyNested() + "}", "deep/config.json");
        FAIL() << "expected InputError";
    } catch (const InputError& error) {
        EXPECT_THAT(error.what(), HasSubstr("deep/config.json: line 1, column"));
        EXPECT_THAT(error.what(), HasSubstr("nested deeper than 512"));
    }
    try {
        runConfigFromJson(nlohmann::json::parse("{\"name\": " + deeplyNested() + "}"));
        FAIL() << "expected ConfigError";
    } catch (const ConfigError& error) {
        EXPECT_EQ(error.key(), "name");
        EXPECT_THAT(error.what(), HasSubstr("expected a string, got an array"));
    }
}

}  // namespace
}  // namespace bb
