#include "bridgebench/csv_table.h"

#include <algorithm>
#include <streambuf>

#include <fmt/format.h>

#include "bridgebench/errors.h"
#include "util/file_contents.h"

namespace bb {
namespace {

// The bytes in memory as a stream, without a copy of them.
class ViewBuffer : public std::streambuf {
public:
    explicit ViewBuffer(std::string_view bytes) {
        char* begin = const_cast<char*>(bytes.data());  // only ever read
        setg(begin, begin, begin + bytes.size());
    }
};

}  // namespace

CsvTable CsvTable::read(const std::filesystem::path& path) {
    return parse(readFileContents(path), path);
}

CsvTable CsvTable::parse(std::string_view contents, const std::filesystem::path& path) {
    ViewBuffer buffer(contents);
    std::istream stream(&buffer);
    CsvReader reader(stream, path);
    CsvTable table;
    table.m_path = path;
    table.m_columns = reader.columns();
    while (reader.next()) {
        const CsvRow row = reader.row();
        std::vector<std::string> fields;
        fields.reserve(table.m_columns.size());
        for (std::size_t column = 0; column < table.m_columns.size(); ++column) fields.push_back(row.text(column));
        table.m_rows.push_back(std::move(fields));
        table.m_rowLines.push_back(row.line());
    }
    return table;
}

std::optional<std::size_t> CsvTable::columnIndex(std::string_view column) const {
    const auto found = std::find(m_columns.begin(), m_columns.end(), column);
    if (found == m_columns.end()) {
        return std::nullopt;
    }
    return static_cast<std::size_t>(found - m_columns.begin());
}

std::size_t CsvTable::requireColumn(std::string_view column) const {
    const std::optional<std::size_t> index = columnIndex(column);
    if (!index) {
        throw InputError(fmt::format("{}: no column \"{}\" in the header", m_path.string(), column));
    }
    return *index;
}

const std::string& CsvTable::text(std::size_t row, std::string_view column) const {
    return m_rows.at(row)[requireColumn(column)];
}

std::optional<double> CsvTable::number(std::size_t row, std::string_view column) const {
    return this->row(row).number(requireColumn(column));
}

std::optional<std::int64_t> CsvTable::integer(std::size_t row, std::string_view column) const {
    return this->row(row).integer(requireColumn(column));
}

}  // namespace bb
