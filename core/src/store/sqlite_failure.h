// SQLite's failures as the typed errors of bridgebench/errors.h, in words that name the file,
// what was being done and the cause: a damaged or foreign file is a StoreFormatError (exit 3),
// a full disk or a lock held too long a StoreError saying so, not SQLite's bare "disk I/O error".
#pragma once

#include <filesystem>
#include <string>

struct sqlite3;

namespace SQLite {
class Exception;
}

namespace bb {

// `connection`, when given, supplies the operating system's errno behind an I/O error.
[[noreturn]] void throwStoreFailure(const std::filesystem::path& file, const std::string& action,
                                    const SQLite::Exception& error, sqlite3* connection = nullptr);

}  // namespace bb
