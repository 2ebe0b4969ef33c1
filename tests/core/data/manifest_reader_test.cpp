#include "data/manifest_reader.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "bridgebench/errors.h"
#include "data_test_support.h"

namespace bb {
namespace {

using ::testing::HasSubstr;

std::string inputErrorOf(const std::function<void()>& body) {
    try {
        body();
    } catch (const InputError& error) {
        return error.what();
    }
    return "no InputError";
}

TEST(JsonlManifest, ReadsPairsRelativeToTheManifestWithAliasesAndBlankLines) {
    test::TempDir dir;
    test::writeText(dir.file("m.jsonl"),
                    "\xEF\xBB\xBF{\"image\": \"a.jpg\", \"caption\": \"a red circle\"}\r\n"
                    "\n"
                    "{\"file_name\": \"/abs/b.jpg\", \"text\": \"two\", \"extra\": 3}\n");
    const auto samples = readJsonlManifest(dir.file("m.jsonl"));
    ASSERT_EQ(samples.size(), 2U);
    EXPECT_EQ(samples[0].imagePath, dir.file("a.jpg"));
    EXPECT_EQ(samples[0].caption, "a red circle");
    EXPECT_EQ(samples[1].imagePath, std::filesystem::path("/abs/b.jpg"));
    EXPECT_EQ(samples[1].caption, "two");
}

TEST(JsonlManifest, NamesTheFileAndLineOfABrokenEntry) {
    test::TempDir dir;
    const auto file = dir.file("m.jsonl");
    test::writeText(file, "{\"image\": \"a.jpg\", \"caption\": \"ok\"}\n\n{\"image\": \"b.jpg\", \"caption\": \n");
    EXPECT_THAT(inputErrorOf([&] { readJsonlManifest(file); }),
                HasSubstr(file.string() + ":3: invalid JSON"));

    test::writeText(file, "{\"image\": \"a.jpg\"}\n");
    EXPECT_THAT(inputErrorOf([&] { readJsonlManifest(file); }), HasSubstr(":1: missing caption"));

    test::writeText(file, "{\"image\": 5, \"caption\": \"x\"}\n");
    EXPECT_THAT(inputErrorOf([&] { readJsonlManifest(file); }), HasSubstr(":1: \"image\" must be a string"));

    test::writeText(file, "[1, 2]\n");
    EXPECT_THAT(inputErrorOf([&] { readJsonlManifest(file); }), HasSubstr(":1: expected a JSON object"));

    EXPECT_THAT(inputErrorOf([&] { readJsonlManifest(dir.file("absent.jsonl")); }), HasSubstr("cannot open"));
}

TEST(CsvManifest, ReadsQuotedFieldsWithCommasQuotesAndLineBreaks) {
    test::TempDir dir;
    test::writeText(dir.file("m.csv"),
                    "id,caption,image\r\n"
                    "1,\"a red, round \"\"ball\"\"\",a.jpg\r\n"
                    "2,\"two\nlines\",sub/b.jpg\n"
                    "3,plain,c.jpg\n");
    const auto samples = readCsvManifest(dir.file("m.csv"));
    ASSERT_EQ(samples.size(), 3U);
    EXPECT_EQ(samples[0].caption, "a red, round \"ball\"");
    EXPECT_EQ(samples[0].imagePath, dir.file("a.jpg"));
    EXPECT_EQ(samples[1].caption, "two\nlines");
    EXPECT_EQ(samples[1].imagePath, dir.file("sub/b.jpg"));
    EXPECT_EQ(samples[2].caption, "plain");
}

TEST(CsvManifest, NamesTheFileAndLineOfABrokenRecord) {
    test::TempDir dir;
    const auto file = dir.file("m.csv");
    test::writeText(file, "image,caption\na.jpg,one\n\"b.jpg\",\"two\nstill two\"\nc.jpg,three,extra\n");
    EXPECT_THAT(inputErrorOf([&] { readCsvManifest(file); }),
                HasSubstr(file.string() + ":5: expected 2 fields, found 3"));

    test::writeText(file, "image,caption\na.jpg,\"never closed\n");
    EXPECT_THAT(inputErrorOf([&] { readCsvManifest(file); }), HasSubstr(":2: unterminated quoted field"));

    test::writeText(file, "image,caption\na.jpg,bad\"quote\n");
    EXPECT_THAT(inputErrorOf([&] { readCsvManifest(file); }), HasSubstr(":2: quote inside an unquoted field"));

    test::writeText(file, "path,caption\na.jpg,x\n");
    EXPECT_THAT(inputErrorOf([&] { readCsvManifest(file); }), HasSubstr(":1: header has no image column"));

    test::writeText(file, "");
    EXPECT_THAT(inputErrorOf([&] { readCsvManifest(file); }), HasSubstr(":1: empty file"));
}

}  // namespace
}  // namespace bb
