#include "bridgebench/csv_table.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "bridgebench/errors.h"
#include "support/file_bytes.h"
#include "support/temp_dir.h"

namespace bb {
namespace {

using ::testing::AllOf;
using ::testing::ElementsAre;
using ::testing::HasSubstr;

class CsvTableTest : public ::testing::Test {
protected:
    CsvTable read(std::string_view contents) {
        return CsvTable::read(test::writeFileBytes(m_dir.file("steps.csv"), contents));
    }
    std::string errorOf(std::string_view contents) {
        try {
            read(contents);
        } catch (const InputError& error) {
            return error.what();
        }
        return "no error";
    }

    test::TempDir m_dir;
};

TEST_F(CsvTableTest, ReadsColumnsByTheHeadersNames) {
    const CsvTable table = read("run,step,samples_per_second,loss\nh100,1,580.5,1.25\nh100,2,602.125,\n");
    EXPECT_THAT(table.columns(), ElementsAre("run", "step", "samples_per_second", "loss"));
    ASSERT_EQ(table.rowCount(), 2U);
    EXPECT_EQ(table.text(0, "run"), "h100");
    EXPECT_EQ(table.integer(1, "step"), 2);
    EXPECT_EQ(table.number(1, "samples_per_second"), 602.125);
    EXPECT_EQ(table.number(0, "loss"), 1.25);
    EXPECT_EQ(table.number(1, "loss"), std::nullopt);
    EXPECT_EQ(table.lineOf(1), 3U);
    EXPECT_TRUE(table.hasColumn("loss"));
    EXPECT_FALSE(table.hasColumn("Loss"));
}

TEST_F(CsvTableTest, UnquotesFieldsAcrossLinesAndCrlf) {
    const CsvTable table =
        read("\xEF\xBB\xBFname,note\r\n\"8x H100, bf16\",\"said \"\"fast\"\"\r\nand more\"\r\n\r\nlast,\"\"\r\n");
    EXPECT_THAT(table.columns(), ElementsAre("name", "note"));
    ASSERT_EQ(table.rowCount(), 2U);
    EXPECT_EQ(table.text(0, "name"), "8x H100, bf16");
    EXPECT_EQ(table.text(0, "note"), "said \"fast\"\r\nand more");
    EXPECT_EQ(table.lineOf(0), 3U);
    EXPECT_EQ(table.text(1, "note"), "");
    EXPECT_EQ(table.lineOf(1), 5U);
}

TEST_F(CsvTableTest, ReadsALastRowWithoutLineEnd) {
    const CsvTable table = read("a,b\n1,2");
    ASSERT_EQ(table.rowCount(), 1U);
    EXPECT_EQ(table.integer(0, "b"), 2);
    EXPECT_EQ(table.lineOf(0), 2U);
    EXPECT_EQ(read("a,b\n").rowCount(), 0U);
}

TEST_F(CsvTableTest, ReportsMalformedCsvByLine) {
    EXPECT_THAT(errorOf("a,b\n1,2\n3,\"open\n"), HasSubstr("steps.csv: line 3: malformed CSV"));
    EXPECT_THAT(errorOf("a,b\n1,2\n3,x\"y\n"), HasSubstr("steps.csv: line 3, column 4: malformed CSV"));
    EXPECT_THAT(errorOf("a,b\n1,2\n3\n"), HasSubstr("steps.csv: line 3: 1 fields, but the header names 2 columns"));
    EXPECT_THAT(errorOf("a,,c\n"), HasSubstr("column 2 of the header has no name"));
    EXPECT_THAT(errorOf("a,b,a\n"), HasSubstr("the header names column \"a\" twice"));
    EXPECT_THAT(errorOf(""), HasSubstr("steps.csv: no header row"));
}

TEST_F(CsvTableTest, ReportsAFieldOfTheWrongTypeByLineAndColumn) {
    const CsvTable table = read("step,loss\n1,0.5\n2.5,abc\n");
    EXPECT_EQ(table.number(0, "loss"), 0.5);
    try {
        table.number(1, "loss");
        FAIL() << "no error";
    } catch (const InputError& error) {
        EXPECT_THAT(error.what(), HasSubstr(R"(steps.csv: line 3: column "loss": "abc" is not a number)"));
    }
    EXPECT_THROW(table.integer(1, "step"), InputError);
    try {
        table.text(0, "samples");
        FAIL() << "no error";
    } catch (const InputError& error) {
        EXPECT_THAT(error.what(), HasSubstr(R"(no column "samples")"));
    }
}

// Found by fuzz_csv_import: libcsv ends rows at a lone CR too, but lines were counted at LF only,
// so every row of an old Mac file (and every error in it) was on line 1.
TEST_F(CsvTableTest, CountsLinesEndedByALoneCarriageReturn) {
    const CsvTable table = read("step,loss\r0,1.5\r\n1,fast\r");
    ASSERT_EQ(table.rowCount(), 2U);
    EXPECT_EQ(table.lineOf(0), 2U);
    EXPECT_EQ(table.lineOf(1), 3U);
    EXPECT_THAT(errorOf("a,b\r1,2\r3,\"4\"x\r"), HasSubstr("steps.csv: line 3, column "));
}

// A million columns once meant a million strings and a quadratic check for repeated names.
TEST_F(CsvTableTest, RefusesARowWiderThanTheLimitBeforeStoringIt) {
    std::string header;
    for (int column = 0; column < 1'000'000; ++column) header += (column ? ",c" : "c") + std::to_string(column);
    EXPECT_THAT(errorOf(header + "\n1\n"), AllOf(HasSubstr("steps.csv: line 1"), HasSubstr("more than 4096 fields")));
    const std::string wideLastRow = "a,b\n" + std::string(CsvTable::kMaxColumns, ',');
    EXPECT_THAT(errorOf(wideLastRow), HasSubstr("line 2: more than 4096 fields"));
}

TEST_F(CsvTableTest, ParsesBytesInMemoryLikeAFile) {
    const CsvTable table = CsvTable::parse("a,b\n1,2\n", "memory.csv");
    EXPECT_EQ(table.path(), "memory.csv");
    EXPECT_EQ(table.integer(0, "b"), 2);
}

}  // namespace
}  // namespace bb
