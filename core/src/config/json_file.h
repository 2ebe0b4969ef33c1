// Reads a config file as JSON and parses it with `parse`, so that every error names the file:
// InputError when it cannot be read or is not JSON, ConfigError (key kept) when a value is wrong.
#pragma once

#include <filesystem>
#include <fstream>

#include <nlohmann/json.hpp>

#include "bridgebench/errors.h"

namespace bb {

template <typename Parse>
auto parseJsonConfigFile(const std::filesystem::path& file, Parse&& parse) -> decltype(parse(nlohmann::json{})) {
    std::ifstream in(file);
    if (!in) throw InputError(file.string() + ": cannot open for reading");
    nlohmann::json object;
    try {
        object = nlohmann::json::parse(in);
    } catch (const nlohmann::json::parse_error& error) {
        throw InputError(file.string() + ": not valid JSON (" + error.what() + ")");
    }
    try {
        return parse(object);
    } catch (const ConfigError& error) {
        throw ConfigError(error.key(), error.detail(), file.string());
    }
}

}  // namespace bb
