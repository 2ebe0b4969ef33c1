// A CSV file whose first row names the columns, held whole in memory (CsvReader's rows, kept):
// for small files and tests. Imports stream the rows instead (CsvImport).
#pragma once

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "bridgebench/csv_reader.h"

namespace bb {

class CsvTable {
public:
    static constexpr std::size_t kMaxColumns = CsvReader::kMaxColumns;
    static constexpr std::size_t kMaxFieldBytes = CsvReader::kMaxFieldBytes;

    // Throws InputError as CsvReader does, and for a file of more than kMaxWholeFileBytes.
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
    CsvRow row(std::size_t row) const { return CsvRow(m_path, m_columns, m_rows.at(row), m_rowLines.at(row)); }

private:
    std::optional<std::size_t> columnIndex(std::string_view column) const;
    std::size_t requireColumn(std::string_view column) const;

    std::filesystem::path m_path;
    std::vector<std::string> m_columns;
    std::vector<std::vector<std::string>> m_rows;
    std::vector<std::size_t> m_rowLines;
};

}  // namespace bb
