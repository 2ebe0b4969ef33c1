#include "text/tokenizer_files.h"

#include <string_view>

#include <nlohmann/json.hpp>

#include "bridgebench/errors.h"
#include "util/file_contents.h"

namespace bb::text {
namespace {

// How much of a bad line an error message repeats.
constexpr std::size_t kMaxQuotedBytes = 80;

// SAX rather than a DOM: the file's order and duplicate keys stay visible, and 50k entries
// need no tree.
class VocabularyReader final : public nlohmann::json_sax<nlohmann::json> {
public:
    explicit VocabularyReader(std::string fileName) : m_fileName(std::move(fileName)) {}

    bool null() override { return wrongValue("null"); }
    bool boolean(bool) override { return wrongValue("a boolean"); }
    bool number_integer(number_integer_t value) override { return addToken(value); }
    bool number_unsigned(number_unsigned_t value) override {
        return value > static_cast<number_unsigned_t>(kMaxTokenId) ? tooLarge()
                                                                   : addToken(static_cast<std::int64_t>(value));
    }
    bool number_float(number_float_t, const string_t& text) override { return wrongValue("the number " + text); }
    bool string(string_t&) override { return wrongValue("a string"); }
    bool binary(binary_t&) override { return wrongValue("binary data"); }
    bool start_object(std::size_t) override {
        if (m_depth++ > 0) {
            return wrongValue("an object");
        }
        return true;
    }
    bool key(string_t& key) override {
        m_key = key;
        return true;
    }
    bool end_object() override {
        --m_depth;
        return true;
    }
    bool start_array(std::size_t) override {
        return m_depth == 0 ? fail("expected an object from token to id, found an array") : wrongValue("an array");
    }
    bool end_array() override { return true; }
    bool parse_error(std::size_t, const std::string&, const nlohmann::detail::exception& error) override {
        std::string message = error.what();
        // "[json.exception.parse_error.101] parse error at line 1, column 7: …" → from "parse error".
        if (const std::size_t bracket = message.find("] ");
            message.starts_with("[json.") && bracket != std::string::npos) {
            message.erase(0, bracket + 2);
        }
        return fail(message);
    }

    Vocabulary take() { return std::move(m_vocabulary); }
    const std::string& error() const { return m_error; }

private:
    bool addToken(std::int64_t id) {
        if (m_depth != 1) {
            return m_depth == 0 ? fail("expected an object from token to id, found a number") : wrongValue("a number");
        }
        if (id < 0) {
            return fail("token " + quoted(m_key) + ": id " + std::to_string(id) + " is negative");
        }
        if (id > kMaxTokenId) {
            return tooLarge();
        }
        if (!m_vocabulary.idOfToken.emplace(m_key, id).second) {
            return fail("token " + quoted(m_key) + " appears twice");
        }
        auto index = static_cast<std::size_t>(id);
        if (index >= m_vocabulary.tokenOfId.size()) {
            m_vocabulary.tokenOfId.resize(index + 1);
            m_vocabulary.idInUse.resize(index + 1, false);
        }
        if (m_vocabulary.idInUse[index]) {
            return fail("token " + quoted(m_key) + ": id " + std::to_string(id) + " is already the id of " +
                        quoted(m_vocabulary.tokenOfId[index]));
        }
        m_vocabulary.tokenOfId[index] = m_key;
        m_vocabulary.idInUse[index] = true;
        return true;
    }
    bool tooLarge() { return fail("token " + quoted(m_key) + ": id is larger than " + std::to_string(kMaxTokenId)); }
    bool wrongValue(const std::string& what) {
        if (m_depth == 0) {
            return fail("expected an object from token to id, found " + what);
        }
        return fail("token " + quoted(m_key) + ": expected an integer id, found " + what);
    }
    bool fail(const std::string& message) {
        m_error = m_fileName + ": " + message;
        return false;
    }
    static std::string quoted(const std::string& text) { return nlohmann::json(text).dump(); }

    std::string m_fileName;
    std::string m_key;
    int m_depth = 0;
    Vocabulary m_vocabulary;
    std::string m_error;
};

bool isBlank(std::string_view line) {
    return line.find_first_not_of(" \t\r") == std::string_view::npos;
}

}  // namespace

Vocabulary readVocabulary(const std::filesystem::path& path) {
    return parseVocabulary(readFileContents(path), path.string());
}

Vocabulary parseVocabulary(std::string_view contents, const std::string& fileName) {
    VocabularyReader reader(fileName);
    const bool ok = nlohmann::json::sax_parse(contents, &reader);
    if (!ok || !reader.error().empty()) {
        throw InputError(reader.error().empty() ? fileName + ": not a JSON object" : reader.error());
    }
    return reader.take();
}

BpeModel readMerges(const std::filesystem::path& path) {
    return parseMerges(readFileContents(path), path.string());
}

BpeModel parseMerges(std::string_view text, const std::string& fileName) {
    BpeModel model;
    std::size_t lineNumber = 0;
    std::size_t lineStart = 0;
    while (lineStart < text.size()) {
        std::size_t lineEnd = text.find('\n', lineStart);
        if (lineEnd == std::string_view::npos) {
            lineEnd = text.size();
        }
        std::string_view line = text.substr(lineStart, lineEnd - lineStart);
        lineStart = lineEnd + 1;
        ++lineNumber;
        if (line.ends_with('\r')) {
            line.remove_suffix(1);
        }
        // Hugging Face drops the first line unread; "#version: 0.2" is what it holds in practice.
        if ((lineNumber == 1 && line.starts_with('#')) || isBlank(line)) {
            continue;
        }
        const std::size_t space = line.find(' ');
        const std::string_view left = line.substr(0, space);
        const std::string_view right = space == std::string_view::npos ? std::string_view{} : line.substr(space + 1);
        if (left.empty() || right.empty() || right.find_first_of(" \t") != std::string_view::npos ||
            left.find('\t') != std::string_view::npos) {
            throw InputError(fileName + ": line " + std::to_string(lineNumber) +
                             ": expected two symbols separated by one space, found \"" +
                             std::string(line.substr(0, kMaxQuotedBytes)) + "\"");
        }
        model.addMerge(left, right);
    }
    return model;
}

}  // namespace bb::text
