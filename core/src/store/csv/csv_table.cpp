#include "bridgebench/csv_table.h"

#include <algorithm>
#include <charconv>
#include <memory>

#include <csv.h>

#include <fmt/format.h>

#include "bridgebench/errors.h"
#include "util/file_contents.h"
#include "util/text_excerpt.h"

namespace bb {
namespace {

// Collects libcsv's callbacks into rows, remembering the line each row ends on.
struct RowCollector {
    std::vector<std::vector<std::string>> rows;
    std::vector<std::size_t> rowLines;
    std::vector<std::string> current;
    std::size_t line = 1;

    bool tooWide = false;  // a row went past CsvTable::kMaxColumns; its further fields were dropped
    bool tooLong = false;  // a field went past CsvTable::kMaxFieldBytes; it was dropped

    static void onField(void* field, std::size_t length, void* self) {
        auto& collector = *static_cast<RowCollector*>(self);
        // libcsv cannot be stopped from a callback; dropping the fields keeps the row's memory
        // bounded until the line is through and the error can be thrown.
        if (collector.current.size() >= CsvTable::kMaxColumns) {
            collector.tooWide = true;
            return;
        }
        if (length > CsvTable::kMaxFieldBytes) {
            collector.tooLong = true;
            length = 0;
        }
        collector.current.emplace_back(static_cast<const char*>(field), length);
    }
    static void onRowEnd(int /*terminator*/, void* self) {
        auto& collector = *static_cast<RowCollector*>(self);
        collector.rows.push_back(std::move(collector.current));
        collector.rowLines.push_back(collector.line);
        collector.current.clear();
    }
};

struct ParserDeleter {
    void operator()(csv_parser* parser) const {
        csv_free(parser);
        delete parser;
    }
};

void refuseOversizedRow(const RowCollector& collector, const std::filesystem::path& path) {
    if (collector.tooWide) {
        throw InputError(fmt::format("{}: line {}: more than {} fields in a row", path.string(), collector.line,
                                     CsvTable::kMaxColumns));
    }
    if (collector.tooLong) {
        throw InputError(fmt::format("{}: line {}: a field of more than {} KiB, the most a field may hold",
                                     path.string(), collector.line, CsvTable::kMaxFieldBytes >> 10));
    }
}

// Excel and Windows tools start UTF-8 files with a byte-order mark; it is not part of the header.
constexpr std::string_view kUtf8Bom = "\xEF\xBB\xBF";

}  // namespace

CsvTable CsvTable::read(const std::filesystem::path& path) {
    return parse(readFileContents(path), path);
}

CsvTable CsvTable::parse(std::string_view contents, const std::filesystem::path& path) {
    std::string_view text = contents;
    if (text.starts_with(kUtf8Bom)) {
        text.remove_prefix(kUtf8Bom.size());
    }

    std::unique_ptr<csv_parser, ParserDeleter> parser(new csv_parser);
    // Strict: a quote inside an unquoted field, or a quoted field left open at the end, is an error.
    if (csv_init(parser.get(), CSV_STRICT | CSV_STRICT_FINI) != 0) {
        throw Error("libcsv could not be initialised");
    }
    RowCollector collector;
    // Fed line by line so that each row knows its line and an error its position. A line ends
    // where libcsv ends a row: at LF, CRLF or a lone CR (old Mac files), which counting LF alone
    // would put all on line 1.
    std::size_t lineStart = 0;
    while (lineStart < text.size()) {
        const std::size_t newline = text.find_first_of("\r\n", lineStart);
        std::size_t lineEnd = newline == std::string_view::npos ? text.size() : newline + 1;
        if (newline != std::string_view::npos && text[newline] == '\r' && lineEnd < text.size() &&
            text[lineEnd] == '\n') {
            ++lineEnd;
        }
        const std::size_t parsed = csv_parse(parser.get(), text.data() + lineStart, lineEnd - lineStart,
                                             &RowCollector::onField, &RowCollector::onRowEnd, &collector);
        if (parsed != lineEnd - lineStart) {
            throw InputError(fmt::format("{}: line {}, column {}: malformed CSV ({})", path.string(), collector.line,
                                         parsed + 1, csv_strerror(csv_error(parser.get()))));
        }
        refuseOversizedRow(collector, path);
        lineStart = lineEnd;
        ++collector.line;
    }
    --collector.line;  // the last line had no successor
    if (csv_fini(parser.get(), &RowCollector::onField, &RowCollector::onRowEnd, &collector) != 0) {
        throw InputError(
            fmt::format("{}: line {}: malformed CSV (a quoted field is not closed)", path.string(), collector.line));
    }
    refuseOversizedRow(collector, path);

    CsvTable table;
    table.m_path = path;
    if (collector.rows.empty()) {
        throw InputError(path.string() + ": no header row naming the columns");
    }
    table.m_columns = std::move(collector.rows.front());
    for (std::size_t i = 0; i < table.m_columns.size(); ++i) {
        const std::string& column = table.m_columns[i];
        if (column.empty()) {
            throw InputError(fmt::format("{}: line {}: column {} of the header has no name", path.string(),
                                         collector.rowLines.front(), i + 1));
        }
        if (std::find(table.m_columns.begin(), table.m_columns.begin() + static_cast<std::ptrdiff_t>(i), column) !=
            table.m_columns.begin() + static_cast<std::ptrdiff_t>(i)) {
            throw InputError(fmt::format("{}: line {}: the header names column \"{}\" twice", path.string(),
                                         collector.rowLines.front(), textExcerpt(column)));
        }
    }
    for (std::size_t row = 1; row < collector.rows.size(); ++row) {
        if (collector.rows[row].size() != table.m_columns.size()) {
            throw InputError(fmt::format("{}: line {}: {} fields, but the header names {} columns", path.string(),
                                         collector.rowLines[row], collector.rows[row].size(), table.m_columns.size()));
        }
    }
    table.m_rows.assign(std::make_move_iterator(collector.rows.begin() + 1),
                        std::make_move_iterator(collector.rows.end()));
    table.m_rowLines.assign(collector.rowLines.begin() + 1, collector.rowLines.end());
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
    const std::string& field = text(row, column);
    if (field.empty()) {
        return std::nullopt;
    }
    double value = 0.0;
    const auto [end, error] = std::from_chars(field.data(), field.data() + field.size(), value);
    if (error != std::errc() || end != field.data() + field.size()) {
        throw InputError(fmt::format("{}: line {}: column \"{}\": \"{}\" is not a number", m_path.string(), lineOf(row),
                                     column, textExcerpt(field)));
    }
    return value;
}

std::optional<std::int64_t> CsvTable::integer(std::size_t row, std::string_view column) const {
    const std::string& field = text(row, column);
    if (field.empty()) {
        return std::nullopt;
    }
    std::int64_t value = 0;
    const auto [end, error] = std::from_chars(field.data(), field.data() + field.size(), value);
    if (error != std::errc() || end != field.data() + field.size()) {
        throw InputError(fmt::format("{}: line {}: column \"{}\": \"{}\" is not a whole number", m_path.string(),
                                     lineOf(row), column, textExcerpt(field)));
    }
    return value;
}

}  // namespace bb
