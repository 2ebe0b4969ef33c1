// JSON parsing whose every failure has a place. nlohmann reports a number outside double's
// range ("1e309") as out_of_range.406, not as a parse_error, and without a position, so a
// reader that catches parse_error alone lets it out as a raw library message.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "util/file_contents.h"

namespace bb {

struct JsonTextError {
    TextPosition position;  // where the parser stopped
    std::string reason;     // nlohmann's message without its "[json.exception…] " tag
};

// No file BridgeBench reads nests deeper than a dozen levels. nlohmann parses any depth, but
// copying, comparing and printing a value recurse once per level, and 100,000 levels overflowed
// the stack (SIGSEGV in list, show and import): deeper text is refused before it is parsed.
inline constexpr std::size_t kMaxJsonDepth = 512;

// Where `text` opens its (kMaxJsonDepth + 1)th nested array or object (a byte offset), if it does.
// Brackets inside strings do not count.
std::optional<std::size_t> jsonTooDeepAt(std::string_view text);

// Parses `text`; on any parser failure, or nesting deeper than kMaxJsonDepth, fills `error`
// and returns std::nullopt. Never throws nlohmann's exceptions.
std::optional<nlohmann::json> parseJsonText(std::string_view text, JsonTextError& error);

// For JSON stored by this program (a run's columns): nullopt for text that does not parse or
// nests too deep, with the reason in `why`.
std::optional<nlohmann::json> parseStoredJsonText(std::string_view text, std::string& why);

// The same, throwing InputError("<source>: line L, column C: <reason>").
nlohmann::json parseJsonTextOrThrow(std::string_view text, const std::string& source);

}  // namespace bb
