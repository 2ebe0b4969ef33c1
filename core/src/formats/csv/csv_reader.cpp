#include "bridgebench/csv_reader.h"

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <cstring>
#include <deque>

#include <csv.h>

#include <fmt/format.h>

#include "bridgebench/errors.h"
#include "util/text_excerpt.h"

namespace bb {

std::optional<double> CsvRow::number(std::size_t column) const {
    const std::string& field = text(column);
    if (field.empty()) return std::nullopt;
    double value = 0.0;
    const auto [end, error] = std::from_chars(field.data(), field.data() + field.size(), value);
    if (error != std::errc() || end != field.data() + field.size()) {
        throw InputError(fmt::format("{}: line {}: column \"{}\": \"{}\" is not a number", m_path->string(), m_line,
                                     m_columns->at(column), textExcerpt(field)));
    }
    return value;
}

std::optional<std::int64_t> CsvRow::integer(std::size_t column) const {
    const std::string& field = text(column);
    if (field.empty()) return std::nullopt;
    std::int64_t value = 0;
    const auto [end, error] = std::from_chars(field.data(), field.data() + field.size(), value);
    if (error != std::errc() || end != field.data() + field.size()) {
        throw InputError(fmt::format("{}: line {}: column \"{}\": \"{}\" is not a whole number", m_path->string(),
                                     m_line, m_columns->at(column), textExcerpt(field)));
    }
    return value;
}

namespace {

// Excel and Windows tools start UTF-8 files with a byte-order mark; it is not part of the header.
constexpr std::string_view kUtf8Bom = "\xEF\xBB\xBF";
constexpr std::size_t kChunkBytes = 1 << 16;

struct Row {
    std::vector<std::string> fields;
    std::size_t line = 0;
};

}  // namespace

struct CsvReader::Parser {
    std::istream& in;
    std::filesystem::path path;
    csv_parser libcsv{};

    std::string buffer;  // the chunk being parsed (and, rarely, the next one: a CR's lookahead)
    std::size_t pos = 0;
    bool endOfInput = false;
    bool finished = false;
    std::uint64_t bytes = 0;
    std::uint64_t fnv = 0xcbf29ce484222325ULL;

    // libcsv's callbacks land here: the row being built and the rows it finished.
    std::vector<std::string> current;
    std::deque<Row> ready;
    std::size_t line = 1;
    std::size_t lineBytes = 0;  // of the current line, fed so far: a malformed byte's column
    bool tooWide = false;       // a row went past kMaxColumns; its further fields were dropped
    bool tooLong = false;       // a field went past kMaxFieldBytes; it was dropped

    std::vector<std::string> columns;
    Row row;

    Parser(std::istream& stream, std::filesystem::path file) : in(stream), path(std::move(file)) {
        // Strict: a quote inside an unquoted field, or a quoted field left open at the end, is an error.
        if (csv_init(&libcsv, CSV_STRICT | CSV_STRICT_FINI) != 0) throw Error("libcsv could not be initialised");
    }
    ~Parser() { csv_free(&libcsv); }
    Parser(const Parser&) = delete;
    Parser& operator=(const Parser&) = delete;

    static void onField(void* field, std::size_t length, void* self) {
        auto& parser = *static_cast<Parser*>(self);
        // libcsv cannot be stopped from a callback; dropping the fields keeps the row's memory
        // bounded until the chunk is through and the error can be thrown.
        if (parser.current.size() >= kMaxColumns) {
            parser.tooWide = true;
            return;
        }
        if (length > kMaxFieldBytes) {
            parser.tooLong = true;
            length = 0;
        }
        parser.current.emplace_back(static_cast<const char*>(field), length);
    }
    static void onRowEnd(int /*terminator*/, void* self) {
        auto& parser = *static_cast<Parser*>(self);
        parser.ready.push_back({std::move(parser.current), parser.line});
        parser.current.clear();
    }

    void refuseOversizedRow() {
        // libcsv gathers a field whole before handing it over: one without end would gather the
        // file. Its buffer is checked after every piece fed, so a field costs a chunk past the limit at most.
        if (libcsv.entry_pos > kMaxFieldBytes) tooLong = true;
        if (tooWide) {
            throw InputError(fmt::format("{}: line {}: more than {} fields in a row", path.string(), line, kMaxColumns));
        }
        if (tooLong) {
            throw InputError(fmt::format("{}: line {}: a field of more than {} KiB, the most a field may hold",
                                         path.string(), line, kMaxFieldBytes >> 10));
        }
    }

    void appendChunk() {
        const std::size_t had = buffer.size();
        buffer.resize(had + kChunkBytes);
        errno = 0;
        in.read(buffer.data() + had, static_cast<std::streamsize>(kChunkBytes));
        const auto got = static_cast<std::size_t>(in.gcount());
        buffer.resize(had + got);
        if (in.bad()) {
            throw InputError(fmt::format("{}: cannot read: {}", path.string(),
                                         errno != 0 ? std::strerror(errno) : "a read failed"));
        }
        if (got < kChunkBytes) endOfInput = true;
        for (std::size_t i = had; i < buffer.size(); ++i) {
            fnv ^= static_cast<unsigned char>(buffer[i]);
            fnv *= 0x100000001b3ULL;
        }
        if (bytes == 0 && std::string_view(buffer).starts_with(kUtf8Bom)) pos = kUtf8Bom.size();
        bytes += got;
    }

    void feed(std::size_t begin, std::size_t end) {
        const std::size_t length = end - begin;
        const std::size_t parsed = csv_parse(&libcsv, buffer.data() + begin, length, &onField, &onRowEnd, this);
        if (parsed != length) {
            throw InputError(fmt::format("{}: line {}, column {}: malformed CSV ({})", path.string(), line,
                                         lineBytes + parsed + 1, csv_strerror(csv_error(&libcsv))));
        }
        lineBytes += length;
        refuseOversizedRow();
    }

    // Feeds libcsv up to the next line end (or the chunk's end); false once the input is through.
    // Fed line by line so that each row knows its line and an error its position. A line ends
    // where libcsv ends a row: at LF, CRLF or a lone CR (old Mac files), which counting LF alone
    // would put all on line 1.
    bool pump() {
        if (finished) return false;
        if (pos == buffer.size()) {
            buffer.clear();
            pos = 0;
            if (!endOfInput) appendChunk();
            if (pos == buffer.size()) {
                finish();
                return false;
            }
        }
        std::size_t newline = buffer.find_first_of("\r\n", pos);
        if (newline == std::string::npos) {
            feed(pos, buffer.size());
            pos = buffer.size();
            return true;
        }
        if (buffer[newline] == '\r' && newline + 1 == buffer.size() && !endOfInput) {
            // Whether an LF follows decides if the CR ended a line of its own.
            buffer.erase(0, pos);
            newline -= pos;
            pos = 0;
            appendChunk();
        }
        std::size_t lineEnd = newline + 1;
        if (buffer[newline] == '\r' && lineEnd < buffer.size() && buffer[lineEnd] == '\n') ++lineEnd;
        feed(pos, lineEnd);
        pos = lineEnd;
        ++line;
        lineBytes = 0;
        return true;
    }

    void finish() {
        finished = true;
        if (lineBytes == 0) --line;  // the last line ended with its line end and had no successor
        if (csv_fini(&libcsv, &onField, &onRowEnd, this) != 0) {
            throw InputError(
                fmt::format("{}: line {}: malformed CSV (a quoted field is not closed)", path.string(), line));
        }
        refuseOversizedRow();
    }

    bool nextRow() {
        while (ready.empty())
            if (!pump() && ready.empty()) return false;
        row = std::move(ready.front());
        ready.pop_front();
        return true;
    }
};

CsvReader::CsvReader(std::istream& in, std::filesystem::path path)
    : m_parser(std::make_unique<Parser>(in, std::move(path))) {
    Parser& parser = *m_parser;
    if (!parser.nextRow()) throw InputError(parser.path.string() + ": no header row naming the columns");
    parser.columns = std::move(parser.row.fields);
    const std::vector<std::string>& columns = parser.columns;
    for (std::size_t i = 0; i < columns.size(); ++i) {
        const std::string& column = columns[i];
        if (column.empty()) {
            throw InputError(fmt::format("{}: line {}: column {} of the header has no name", parser.path.string(),
                                         parser.row.line, i + 1));
        }
        const auto before = columns.begin() + static_cast<std::ptrdiff_t>(i);
        if (std::find(columns.begin(), before, column) != before) {
            throw InputError(fmt::format("{}: line {}: the header names column \"{}\" twice", parser.path.string(),
                                         parser.row.line, textExcerpt(column)));
        }
    }
}

CsvReader::~CsvReader() = default;

const std::filesystem::path& CsvReader::path() const noexcept { return m_parser->path; }

const std::vector<std::string>& CsvReader::columns() const noexcept { return m_parser->columns; }

std::optional<std::size_t> CsvReader::columnIndex(std::string_view column) const {
    const auto& columns = m_parser->columns;
    const auto found = std::find(columns.begin(), columns.end(), column);
    if (found == columns.end()) return std::nullopt;
    return static_cast<std::size_t>(found - columns.begin());
}

bool CsvReader::next() {
    Parser& parser = *m_parser;
    if (!parser.nextRow()) return false;
    if (parser.row.fields.size() != parser.columns.size()) {
        throw InputError(fmt::format("{}: line {}: {} fields, but the header names {} columns", parser.path.string(),
                                     parser.row.line, parser.row.fields.size(), parser.columns.size()));
    }
    return true;
}

CsvRow CsvReader::row() const noexcept {
    return CsvRow(m_parser->path, m_parser->columns, m_parser->row.fields, m_parser->row.line);
}

std::uint64_t CsvReader::bytesRead() const noexcept { return m_parser->bytes; }

std::uint64_t CsvReader::digest() const noexcept { return m_parser->fnv; }

}  // namespace bb
