#include "store/sqlite_failure.h"

#include <cstring>

#include <SQLiteCpp/SQLiteCpp.h>
#include <fmt/format.h>
#include <sqlite3.h>

#include "bridgebench/errors.h"

namespace bb {

namespace {

std::string systemCause(sqlite3* connection) {
    const int code = connection != nullptr ? sqlite3_system_errno(connection) : 0;
    return code != 0 ? fmt::format(" ({})", std::strerror(code)) : std::string();
}

}  // namespace

void throwStoreFailure(const std::filesystem::path& file, const std::string& action, const SQLite::Exception& error,
                       sqlite3* connection) {
    const std::string prefix = fmt::format("{}: cannot {}: ", file.string(), action);
    switch (error.getErrorCode()) {
        case SQLITE_NOTADB:
            throw StoreFormatError(prefix + "not a SQLite database");
        case SQLITE_CORRUPT:
            throw StoreFormatError(prefix + "the database is damaged or truncated (SQLite: " + error.what() + ")");
        case SQLITE_FULL:
            throw StoreUnavailableError(prefix + "the disk is full" + systemCause(connection));
        case SQLITE_IOERR:
            throw StoreUnavailableError(prefix + "the disk failed a read or write" + systemCause(connection));
        case SQLITE_READONLY:
            throw StoreError(prefix + "the database cannot be written (a read-only file, folder or mount)");
        case SQLITE_BUSY:
        case SQLITE_LOCKED:
            throw StoreUnavailableError(prefix + "another process held the database locked for longer than the wait (" +
                                        error.what() + ")");
        case SQLITE_CANTOPEN:
            throw StoreError(prefix + "cannot open the file" + systemCause(connection));
        default:
            throw StoreError(prefix + error.what());
    }
}

}  // namespace bb
