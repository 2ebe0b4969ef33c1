// JSON parsing whose every failure has a place. nlohmann reports a number outside double's
// range ("1e309") as out_of_range.406, not as a parse_error, and without a position, so a
// reader that catches parse_error alone lets it out as a raw library message.
#pragma once

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

// Parses `text`; on any parser failure fills `error` and returns std::nullopt. Never throws
// nlohmann's exceptions.
std::optional<nlohmann::json> parseJsonText(std::string_view text, JsonTextError& error);

// The same, throwing InputError("<source>: line L, column C: <reason>").
nlohmann::json parseJsonTextOrThrow(std::string_view text, const std::string& source);

}  // namespace bb
