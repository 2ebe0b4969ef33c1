// A CSV file whose first row names the columns (RFC 4180: quoted fields, doubled quotes inside
// them, LF or CRLF line ends), for importing runs and steps that other tools wrote.
#pragma once

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace bb {

class CsvTable {
public:
    // Wider rows are refused as soon as they pass it, before their fields are stored (the export
    // writes about 40 columns).
    static constexpr std::size_t kMaxColumns = 4096;
    // A field holds a number, a name or a short text; anything longer is refused, not stored.
    static constexpr std::size_t kMaxFieldBytes = 64 << 10;

    // Throws InputError naming the file and the line for malformed CSV (an unterminated quote, a
    // quote inside an unquoted field), a row of more than kMaxColumns fields or whose field count
    // differs from the header's, an empty or repeated column name, or a file without a header row.
    static CsvTable read(const std::filesystem::path& path);
    // The same for a file's contents in memory; path() and messages name `path`.
    static CsvTable parse(std::string_view contents, const std::filesystem::path& path);

    const std::filesystem::path& path() const noexcept { return m_path; }
    const std::vector<std::string>& columns() const noexcept { return m_columns; }
    std::size_t rowCount() const noexcept { return m_rows.size(); }
    bool hasColumn(std::string_view column) const { return columnIndex(column).has_value(); }

    // The text of a field, unquoted. Throws InputError naming the file when there is no such column.
    const std::string& text(std::size_t row, std::string_view column) const;
    // nullopt for an empty field. Throws InputError naming file, line and column when the field
    // is not a number (or, for integer(), not a whole number).
    std::optional<double> number(std::size_t row, std::string_view column) const;
    std::optional<std::int64_t> integer(std::size_t row, std::string_view column) const;
    // The line of the file on which a row ends (rows may span lines inside quotes).
    std::size_t lineOf(std::size_t row) const { return m_rowLines.at(row); }

private:
    std::optional<std::size_t> columnIndex(std::string_view column) const;
    std::size_t requireColumn(std::string_view column) const;

    std::filesystem::path m_path;
    std::vector<std::string> m_columns;
    std::vector<std::vector<std::string>> m_rows;
    std::vector<std::size_t> m_rowLines;
};

}  // namespace bb
