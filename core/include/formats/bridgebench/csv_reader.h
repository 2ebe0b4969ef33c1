// A CSV file read a row at a time (RFC 4180: quoted fields, doubled quotes inside them, LF,
// CRLF or lone CR line ends), its first row naming the columns. Memory holds one row and one
// read chunk, whatever the file's size: imports of millions of rows stream through it.
#pragma once

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <istream>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace bb {

// One row's fields and the header naming them; valid until the row it views changes.
class CsvRow {
public:
    CsvRow(const std::filesystem::path& path, const std::vector<std::string>& columns,
           const std::vector<std::string>& fields, std::size_t line) noexcept
        : m_path(&path), m_columns(&columns), m_fields(&fields), m_line(line) {}

    // The line of the file on which the row ends (rows may span lines inside quotes).
    std::size_t line() const noexcept { return m_line; }
    // The text of the field in that column (an index into the header), unquoted.
    const std::string& text(std::size_t column) const { return m_fields->at(column); }
    // nullopt for an empty field. Throws InputError naming file, line and column when the field
    // is not a number (or, for integer(), not a whole number), quoting an excerpt of it.
    std::optional<double> number(std::size_t column) const;
    std::optional<std::int64_t> integer(std::size_t column) const;

private:
    const std::filesystem::path* m_path;
    const std::vector<std::string>* m_columns;
    const std::vector<std::string>* m_fields;
    std::size_t m_line;
};

class CsvReader {
public:
    // Wider rows are refused as soon as they pass it, before their fields are stored (the export
    // writes about 40 columns).
    static constexpr std::size_t kMaxColumns = 4096;
    // A field holds a number, a name or a short text; anything longer is refused, not stored.
    static constexpr std::size_t kMaxFieldBytes = 64 << 10;

    // Reads the header row from `in`; messages name `path`. Throws InputError for an empty or
    // repeated column name, a file without a header row, or a malformed header.
    CsvReader(std::istream& in, std::filesystem::path path);
    ~CsvReader();
    CsvReader(const CsvReader&) = delete;
    CsvReader& operator=(const CsvReader&) = delete;

    const std::filesystem::path& path() const noexcept;
    const std::vector<std::string>& columns() const noexcept;
    std::optional<std::size_t> columnIndex(std::string_view column) const;

    // Reads the next row; false at the end of the input. Throws InputError naming the file and
    // the line for malformed CSV (an unterminated quote, a quote inside an unquoted field), a row
    // of more than kMaxColumns fields or whose field count differs from the header's, a field of
    // more than kMaxFieldBytes, or a read that failed.
    bool next();
    // The row next() read.
    CsvRow row() const noexcept;

    // Bytes read so far and a 64-bit FNV-1a digest of them: a caller reading a file twice
    // checks that it read the same bytes both times.
    std::uint64_t bytesRead() const noexcept;
    std::uint64_t digest() const noexcept;

private:
    struct Parser;
    std::unique_ptr<Parser> m_parser;
};

}  // namespace bb
