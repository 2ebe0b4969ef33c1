// Reads a config file as JSON and parses it with `parse`, so that every error names the file:
// InputError when it cannot be read or is not JSON, ConfigError (key kept) when a value is wrong.
#pragma once

#include <filesystem>
#include <fstream>
#include <istream>
#include <iterator>
#include <sstream>
#include <string>
#include <utility>

#include <nlohmann/json.hpp>

#include "bridgebench/errors.h"
#include "util/file_contents.h"
#include "util/json_text.h"

namespace bb {

// The same for a file's bytes from `in`; messages name `fileName`.
template <typename Parse>
auto parseJsonConfigStream(std::istream& in, const std::string& fileName, Parse&& parse)
    -> decltype(parse(nlohmann::json{})) {
    const std::string text{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
    JsonTextError error;
    std::optional<nlohmann::json> parsed = parseJsonText(text, error);
    if (!parsed) {
        throw InputError(fileName + ": line " + std::to_string(error.position.line) + ", column " +
                         std::to_string(error.position.column) + ": not valid JSON (" + error.reason + ")");
    }
    const nlohmann::json& object = *parsed;
    try {
        return parse(object);
    } catch (const ConfigError& error) {
        throw ConfigError(error.key(), error.detail(), fileName);
    }
}

// Read through readFileContents, so a folder, /dev/zero or a file of gigabytes is an
// InputError naming the file, not a stream exception or std::bad_alloc.
template <typename Parse>
auto parseJsonConfigFile(const std::filesystem::path& file, Parse&& parse) -> decltype(parse(nlohmann::json{})) {
    std::istringstream in(readFileContents(file, kMaxConfigFileBytes));
    return parseJsonConfigStream(in, file.string(), std::forward<Parse>(parse));
}

}  // namespace bb
