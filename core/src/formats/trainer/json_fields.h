// Reading the JSON files Hugging Face's Trainer writes, with errors that name file and key.
#pragma once

#include <cstdint>
#include <filesystem>
#include <initializer_list>
#include <map>
#include <optional>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

namespace bb::trainer {

// Parses `path` as JSON. Also accepts NaN, Infinity and -Infinity as numbers, which Python's
// json.dump writes (a diverged loss, an overflowing grad_norm) though JSON has no such literals.
// Throws InputError naming the file and the line and column of a syntax error.
nlohmann::json readTrainerJson(const std::filesystem::path& path);
// The same for a file's contents in memory; messages name `fileName`.
nlohmann::json parseTrainerJson(std::string_view contents, const std::string& fileName);

// Typed, optional members of one JSON object. A missing key or null gives nullopt; a value of
// another type throws InputError naming the file and the key's path ("log_history[3].loss").
class JsonFields {
public:
    // Throws InputError when `value` is not an object.
    JsonFields(const nlohmann::json& value, std::string fileName, std::string keyPath);

    std::optional<double> number(const std::string& key) const;
    // A figure a run can have: finite and from `least` to `most`. Another value (1e308 samples/s,
    // a negative runtime, NaN) throws InputError naming the file, the key, the value and the range,
    // rather than being stored as if it had been measured.
    std::optional<double> figure(const std::string& key, double least, double most) const;
    // Accepts a number with an integral value (10 or 10.0).
    std::optional<std::int64_t> integer(const std::string& key) const;
    std::optional<std::string> string(const std::string& key) const;
    bool contains(const std::string& key) const { return m_object.contains(key); }

    // The numeric members whose keys are not in `known`; members of other types are left out.
    std::map<std::string, double> otherNumbers(std::initializer_list<std::string_view> known) const;

private:
    std::string keyPathOf(const std::string& key) const;
    [[noreturn]] void wrongType(const std::string& key, std::string_view expected) const;

    const nlohmann::json& m_object;
    std::string m_fileName;
    std::string m_keyPath;
};

}  // namespace bb::trainer
