// Typed errors thrown by core. Each maps to one CLI exit code (see app/cli/cli_common_impl.h):
// ConfigError and UsageError → 2, InputError and StoreFormatError → 3, anything else → 1
// (bridgebench/exit_codes.h).
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

// A request that cannot be met as asked, though every file is fine: a run named by a name that
// more than one run has.
class UsageError : public Error {
public:
    using Error::Error;
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

// The results database cannot be written for now: another process holds its lock, or the disk
// is full or failing. Worth retrying; the step writer does, for a while.
class StoreUnavailableError : public StoreError {
public:
    using StoreError::StoreError;
};

// A results database this build cannot read as it is: not SQLite, damaged or truncated, a schema
// version it does not know, or tables that do not match their version. Thrown before anything
// is written: the file is left as it was.
class StoreFormatError : public StoreError {
public:
    using StoreError::StoreError;
};

}  // namespace bb
