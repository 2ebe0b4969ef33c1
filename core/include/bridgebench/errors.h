// Typed errors thrown by core. Each maps to one CLI exit code (see app/main_cli.cpp):
// ConfigError → 2, InputError → 3, anything else → 1.
#pragma once

#include <stdexcept>
#include <string>

namespace bb {

class Error : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

// An invalid setting. key() names the config key at fault ("batch_size", "model").
class ConfigError : public Error {
public:
    ConfigError(std::string key, const std::string& message)
        : Error(key.empty() ? message : key + ": " + message), m_key(std::move(key)) {}
    const std::string& key() const noexcept { return m_key; }

private:
    std::string m_key;
};

// A file that cannot be read or is malformed. what() names the file and the place in it.
class InputError : public Error {
public:
    using Error::Error;
};

// The results database could not be read or written (full disk, read-only file, newer schema).
class StoreError : public Error {
public:
    using Error::Error;
};

}  // namespace bb
