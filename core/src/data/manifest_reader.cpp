#include "data/manifest_reader.h"

#include <array>
#include <fstream>
#include <optional>
#include <string_view>

#include <nlohmann/json.hpp>

#include "bridgebench/errors.h"
#include "util/json_text.h"

namespace bb {

namespace {

constexpr std::array<std::string_view, 3> kImageKeys{"image", "image_path", "file_name"};
constexpr std::array<std::string_view, 2> kCaptionKeys{"caption", "text"};

[[noreturn]] void failAt(const std::filesystem::path& file, std::size_t line, const std::string& what) {
    throw InputError(file.string() + ":" + std::to_string(line) + ": " + what);
}

std::ifstream openManifest(const std::filesystem::path& file) {
    std::ifstream stream(file, std::ios::binary);
    if (!stream) {
        throw InputError(file.string() + ": cannot open the manifest");
    }
    return stream;
}

void stripLineEnd(std::string& line) {
    if (!line.empty() && line.back() == '\r') {
        line.pop_back();
    }
}

void stripBom(std::string& line) {
    if (line.starts_with("\xEF\xBB\xBF")) {
        line.erase(0, 3);
    }
}

bool isBlank(std::string_view text) {
    return text.find_first_not_of(" \t\r") == std::string_view::npos;
}

std::filesystem::path resolve(const std::filesystem::path& manifest, const std::string& image) {
    const std::filesystem::path path(image);
    return path.is_absolute() ? path : manifest.parent_path() / path;
}

std::string keyList(auto keys) {
    std::string text;
    for (std::string_view key : keys) {
        text += (text.empty() ? "\"" : " or \"") + std::string(key) + "\"";
    }
    return text;
}

std::optional<std::string> stringField(const nlohmann::json& object, auto keys,
                                       const std::filesystem::path& file, std::size_t line) {
    for (std::string_view key : keys) {
        const auto found = object.find(key);
        if (found == object.end()) {
            continue;
        }
        if (!found->is_string()) {
            failAt(file, line, "\"" + std::string(key) + "\" must be a string");
        }
        return found->get<std::string>();
    }
    return std::nullopt;
}

}  // namespace

std::vector<DatasetSample> readJsonlManifest(const std::filesystem::path& manifest) {
    std::ifstream stream = openManifest(manifest);
    return readJsonlManifest(stream, manifest);
}

std::vector<DatasetSample> readJsonlManifest(std::istream& stream, const std::filesystem::path& manifest) {
    std::vector<DatasetSample> samples;
    std::string line;
    for (std::size_t lineNumber = 1; std::getline(stream, line); ++lineNumber) {
        stripLineEnd(line);
        if (lineNumber == 1) {
            stripBom(line);
        }
        if (isBlank(line)) {
            continue;
        }
        JsonTextError error;
        std::optional<nlohmann::json> parsed = parseJsonText(line, error);
        if (!parsed) {
            failAt(manifest, lineNumber,
                   "invalid JSON at column " + std::to_string(error.position.column) + ": " + error.reason);
        }
        const nlohmann::json& object = *parsed;
        if (!object.is_object()) {
            failAt(manifest, lineNumber, "expected a JSON object");
        }
        auto image = stringField(object, kImageKeys, manifest, lineNumber);
        if (!image || image->empty()) {
            failAt(manifest, lineNumber, "missing image path (" + keyList(kImageKeys) + ")");
        }
        auto caption = stringField(object, kCaptionKeys, manifest, lineNumber);
        if (!caption) {
            failAt(manifest, lineNumber, "missing caption (" + keyList(kCaptionKeys) + ")");
        }
        samples.push_back({resolve(manifest, *image), std::move(*caption)});
    }
    if (stream.bad()) {
        throw InputError(manifest.string() + ": read error");
    }
    return samples;
}

namespace {

// One CSV record and the line it started on.
struct CsvRecord {
    std::vector<std::string> fields;
    std::size_t line = 0;
};

// Reads RFC 4180 records; a quoted field may continue over several physical lines.
class CsvReader {
public:
    CsvReader(std::istream& stream, const std::filesystem::path& file) : m_stream(stream), m_file(file) {}

    bool next(CsvRecord& record) {
        std::string line;
        if (!readLine(line)) {
            return false;
        }
        record.fields.clear();
        record.line = m_lineNumber;
        std::string field;
        bool quoted = false;       // inside a quoted field
        bool wasQuoted = false;    // the current field began with a quote
        std::size_t i = 0;
        while (true) {
            if (i == line.size()) {
                if (!quoted) {
                    record.fields.push_back(std::move(field));
                    return true;
                }
                std::string more;
                if (!readLine(more)) {
                    failAt(m_file, record.line, "unterminated quoted field");
                }
                field += '\n';
                line = std::move(more);
                i = 0;
                continue;
            }
            const char c = line[i++];
            if (quoted) {
                if (c != '"') {
                    field += c;
                } else if (i < line.size() && line[i] == '"') {
                    field += '"';
                    ++i;
                } else {
                    quoted = false;
                    if (i < line.size() && line[i] != ',') {
                        failAt(m_file, m_lineNumber, "unexpected text after a closing quote");
                    }
                }
            } else if (c == ',') {
                record.fields.push_back(std::move(field));
                field.clear();
                wasQuoted = false;
            } else if (c == '"') {
                if (!field.empty() || wasQuoted) {
                    failAt(m_file, m_lineNumber, "quote inside an unquoted field");
                }
                quoted = true;
                wasQuoted = true;
            } else {
                if (wasQuoted) {
                    failAt(m_file, m_lineNumber, "unexpected text after a closing quote");
                }
                field += c;
            }
        }
    }

private:
    bool readLine(std::string& line) {
        if (!std::getline(m_stream, line)) {
            return false;
        }
        ++m_lineNumber;
        stripLineEnd(line);
        if (m_lineNumber == 1) {
            stripBom(line);
        }
        return true;
    }

    std::istream& m_stream;
    const std::filesystem::path& m_file;
    std::size_t m_lineNumber = 0;
};

std::optional<std::size_t> findColumn(const std::vector<std::string>& header, auto keys) {
    for (std::string_view key : keys) {
        for (std::size_t column = 0; column < header.size(); ++column) {
            if (header[column] == key) {
                return column;
            }
        }
    }
    return std::nullopt;
}

}  // namespace

std::vector<DatasetSample> readCsvManifest(const std::filesystem::path& manifest) {
    std::ifstream stream = openManifest(manifest);
    return readCsvManifest(stream, manifest);
}

std::vector<DatasetSample> readCsvManifest(std::istream& stream, const std::filesystem::path& manifest) {
    CsvReader reader(stream, manifest);
    CsvRecord header;
    if (!reader.next(header)) {
        throw InputError(manifest.string() + ":1: empty file, expected a header row");
    }
    const auto imageColumn = findColumn(header.fields, kImageKeys);
    const auto captionColumn = findColumn(header.fields, kCaptionKeys);
    if (!imageColumn) {
        failAt(manifest, header.line, "header has no image column (" + keyList(kImageKeys) + ")");
    }
    if (!captionColumn) {
        failAt(manifest, header.line, "header has no caption column (" + keyList(kCaptionKeys) + ")");
    }
    std::vector<DatasetSample> samples;
    CsvRecord record;
    while (reader.next(record)) {
        if (record.fields.size() == 1 && isBlank(record.fields.front())) {
            continue;
        }
        if (record.fields.size() != header.fields.size()) {
            failAt(manifest, record.line,
                   "expected " + std::to_string(header.fields.size()) + " fields, found " +
                       std::to_string(record.fields.size()));
        }
        std::string& image = record.fields[*imageColumn];
        if (image.empty()) {
            failAt(manifest, record.line, "empty image path");
        }
        samples.push_back({resolve(manifest, image), std::move(record.fields[*captionColumn])});
    }
    if (stream.bad()) {
        throw InputError(manifest.string() + ": read error");
    }
    return samples;
}

}  // namespace bb
