#include "bridgebench/csv_reader.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <sstream>
#include <streambuf>

#include "bridgebench/errors.h"

namespace bb {
namespace {

using ::testing::HasSubstr;

// A CSV without end: a header, then "a,<n>,100" rows for as long as anyone reads. It counts
// what was taken from it, so that a test can see how much a reader held.
class EndlessRows : public std::streambuf {
public:
    explicit EndlessRows(std::string header, std::string rowPrefix = "a,")
        : m_pending(std::move(header)), m_rowPrefix(std::move(rowPrefix)) {}
    std::uint64_t served() const noexcept { return m_served; }

protected:
    int_type underflow() override {
        if (m_pending.empty()) m_pending = m_rowPrefix + std::to_string(m_row++) + ",100\n";
        m_current = std::move(m_pending);
        m_pending.clear();
        m_served += m_current.size();
        setg(m_current.data(), m_current.data(), m_current.data() + m_current.size());
        return traits_type::to_int_type(m_current[0]);
    }

private:
    std::string m_pending;
    std::string m_current;
    std::string m_rowPrefix;
    std::uint64_t m_row = 0;
    std::uint64_t m_served = 0;
};

// The importer once read the whole file (and a table of it) before its first row: 2.6 GB for a
// 157 MB CSV. The reader takes rows from a stream as they are asked for.
TEST(CsvReader, TakesRowsFromAnEndlessStreamAsTheyAreAskedFor) {
    EndlessRows source("run,step,samples_per_s\n");
    std::istream stream(&source);
    CsvReader reader(stream, "endless.csv");
    for (int row = 0; row < 100'000; ++row) {
        ASSERT_TRUE(reader.next());
        EXPECT_EQ(reader.row().integer(1), row);
        EXPECT_EQ(reader.row().line(), static_cast<std::size_t>(row) + 2);
    }
    // No more than a read chunk (and a row) past the rows asked for was taken from the stream.
    std::uint64_t asked = std::string("run,step,samples_per_s\n").size();
    for (int row = 0; row < 100'000; ++row) asked += ("a," + std::to_string(row) + ",100\n").size();
    EXPECT_LE(source.served(), asked + 2 * (64U << 10));
    EXPECT_LE(reader.bytesRead(), source.served());
}

// /dev/zero as a CSV: one field without end. libcsv gathers a field whole before handing it
// over, so the limit is checked while it grows, not once it is complete.
TEST(CsvReader, RefusesAFieldWithoutEndBeforeHoldingIt) {
    class Zeros : public std::streambuf {
    protected:
        int_type underflow() override {
            setg(m_bytes.data(), m_bytes.data(), m_bytes.data() + m_bytes.size());
            return 0;
        }

    private:
        std::string m_bytes = std::string(4096, '\0');
    } zeros;
    std::istream stream(&zeros);
    try {
        CsvReader reader(stream, "/dev/zero");
        FAIL() << "no error";
    } catch (const InputError& error) {
        EXPECT_THAT(error.what(), HasSubstr("/dev/zero: line 1: a field of more than 64 KiB"));
    }
}

// Rows are fed to libcsv in read chunks; a line end that a chunk boundary cuts (CR | LF) is
// still one line end, and a CR alone at a boundary still ends its line.
TEST(CsvReader, CountsLinesAcrossReadChunkBoundaries) {
    for (const std::string end : {"\r\n", "\r", "\n"}) {
        SCOPED_TRACE(testing::PrintToString(end));
        std::string text = "a,b" + end;
        std::size_t rows = 0;
        // The first byte of a line end falls on the last byte of the first 64 KiB read.
        constexpr std::size_t kChunkEnd = (64U << 10) - 1;
        while (text.size() + 20 < kChunkEnd) {
            text += "x,1" + end;
            ++rows;
        }
        text += std::string(kChunkEnd - text.size() - 2, 'y') + ",1" + end;
        ++rows;
        ASSERT_EQ(text[kChunkEnd], '\r' == end[0] ? '\r' : '\n');
        for (int more = 0; more < 3; ++more, ++rows) text += "z,1" + end;
        std::istringstream stream(text);
        CsvReader reader(stream, "chunks.csv");
        std::size_t read = 0;
        while (reader.next()) {
            ++read;
            ASSERT_EQ(reader.row().line(), read + 1);
            ASSERT_EQ(reader.row().text(1), "1");
        }
        EXPECT_EQ(read, rows);
    }
}

TEST(CsvReader, NamesTheLineOfAMalformedRowFarIntoTheFile) {
    std::string text = "step,loss\n";
    for (int row = 0; row < 50'000; ++row) text += std::to_string(row) + ",1.5\n";
    text += "50000,\"open";
    std::istringstream stream(text);
    CsvReader reader(stream, "long.csv");
    try {
        while (reader.next()) {
        }
        FAIL() << "no error";
    } catch (const InputError& error) {
        EXPECT_THAT(error.what(), HasSubstr("long.csv: line 50002: malformed CSV"));
    }
}

}  // namespace
}  // namespace bb
