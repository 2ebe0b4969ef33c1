#include "util/json_text.h"

#include <fmt/format.h>

#include "bridgebench/errors.h"

namespace bb {

namespace {

// "[json.exception.parse_error.101] parse error at line 1, column 7: syntax error …" → from
// "syntax error": the position is given apart.
std::string withoutTag(std::string message) {
    if (const std::size_t bracket = message.find("] "); message.starts_with("[json.") && bracket != std::string::npos)
        message.erase(0, bracket + 2);
    if (message.starts_with("parse error at line "))
        if (const std::size_t colon = message.find(": "); colon != std::string::npos) message.erase(0, colon + 2);
    return message;
}

// Accepts every value and keeps only where and why the parser gave up: a second pass over
// a text the DOM parser refused, for the position an out_of_range error lacks.
class FailureLocator final : public nlohmann::json_sax<nlohmann::json> {
public:
    bool null() override { return true; }
    bool boolean(bool) override { return true; }
    bool number_integer(number_integer_t) override { return true; }
    bool number_unsigned(number_unsigned_t) override { return true; }
    bool number_float(number_float_t, const string_t&) override { return true; }
    bool string(string_t&) override { return true; }
    bool binary(binary_t&) override { return true; }
    bool start_object(std::size_t) override { return true; }
    bool key(string_t&) override { return true; }
    bool end_object() override { return true; }
    bool start_array(std::size_t) override { return true; }
    bool end_array() override { return true; }
    bool parse_error(std::size_t position, const std::string& lastToken, const nlohmann::detail::exception& error) override {
        // `position` counts the characters read, the failing token's included: its start is
        // where a reader looks. The lexer's last token can carry what it skipped before the
        // token ("64,\n  oops"): only what follows its last whitespace is the token.
        const std::size_t blank = lastToken.find_last_of(" \t\r\n");
        const std::size_t tokenLength = blank == std::string::npos ? lastToken.size() : lastToken.size() - blank - 1;
        m_position = position >= tokenLength ? position - tokenLength : 0;
        m_reason = withoutTag(error.what());
        return false;
    }

    std::size_t position() const { return m_position; }
    const std::string& reason() const { return m_reason; }

private:
    std::size_t m_position = 0;
    std::string m_reason;
};

}  // namespace

std::optional<std::size_t> jsonTooDeepAt(std::string_view text) {
    // A scan of its own: the parser's callback reports the depth but not where it is, and a
    // reader needs the line and column.
    std::size_t depth = 0;
    bool inString = false;
    for (std::size_t at = 0; at < text.size(); ++at) {
        const char c = text[at];
        if (inString) {
            if (c == '\\')
                ++at;
            else if (c == '"')
                inString = false;
        } else if (c == '"') {
            inString = true;
        } else if (c == '[' || c == '{') {
            if (++depth > kMaxJsonDepth) return at;
        } else if ((c == ']' || c == '}') && depth > 0) {
            --depth;
        }
    }
    return std::nullopt;
}

std::optional<nlohmann::json> parseJsonText(std::string_view text, JsonTextError& error) {
    if (const auto deep = jsonTooDeepAt(text)) {
        error.position = textPositionOf(text, *deep);
        error.reason = fmt::format("nested deeper than {} arrays and objects, more than any file BridgeBench reads",
                                   kMaxJsonDepth);
        return std::nullopt;
    }
    try {
        return nlohmann::json::parse(text.begin(), text.end());
    } catch (const nlohmann::json::exception& failure) {
        FailureLocator locator;
        nlohmann::json::sax_parse(text.begin(), text.end(), &locator);
        error.position = textPositionOf(text, std::min(locator.position(), text.size()));
        error.reason = locator.reason().empty() ? withoutTag(failure.what()) : locator.reason();
        return std::nullopt;
    }
}

std::optional<nlohmann::json> parseStoredJsonText(std::string_view text, std::string& why) {
    if (jsonTooDeepAt(text)) {
        why = fmt::format("nested deeper than {} levels", kMaxJsonDepth);
        return std::nullopt;
    }
    auto value = nlohmann::json::parse(text.begin(), text.end(), nullptr, /*allow_exceptions=*/false);
    if (value.is_discarded()) {
        why = "not valid JSON";
        return std::nullopt;
    }
    return value;
}

nlohmann::json parseJsonTextOrThrow(std::string_view text, const std::string& source) {
    JsonTextError error;
    auto value = parseJsonText(text, error);
    if (!value)
        throw InputError(fmt::format("{}: line {}, column {}: {}", source, error.position.line, error.position.column,
                                     error.reason));
    return std::move(*value);
}

}  // namespace bb
