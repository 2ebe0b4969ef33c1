// A JSON value as an error message quotes it.
#pragma once

#include <string>

#include <nlohmann/json.hpp>

namespace bb {

// Scalars as written, cut at 40 characters; arrays and objects by their type alone. dump() recurses
// as deep as a value nests, so quoting a file's [[[[…]]]] whole would overflow the stack while
// building the message that refuses it (and a megabyte string would make a megabyte message).
inline std::string jsonExcerpt(const nlohmann::json& value) {
    if (value.is_array()) return "an array";
    if (value.is_object()) return "an object";
    const std::string text = value.dump();
    return text.size() > 40 ? text.substr(0, 40) + "..." : text;
}

}  // namespace bb
