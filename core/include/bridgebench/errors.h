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
    // context, when given, says where the value came from (a file name).
    ConfigError(std::string key, std::string detail, const std::string& context = {})
        : Error((context.empty() ? "" : context + ": ") + (key.empty() ? detail : key + ": " + detail)),
          m_key(std::move(key)),
          m_detail(std::move(detail)) {}
    const std::string& key() const noexcept { return m_key; }
    const std::string& detail() const noexcept { return m_detail; }

private:
    std::string m_key;
    std::string m_detail;
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
