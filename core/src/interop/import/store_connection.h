// A connection of the importers' own to the store's file, and the one transaction they write in.
#pragma once

#include <filesystem>

#include <SQLiteCpp/SQLiteCpp.h>

#include "bridgebench/errors.h"
#include "store/sqlite_failure.h"

namespace bb {

// Runs `body` inside an IMMEDIATE transaction and commits when it returns; anything it throws
// rolls everything back. SQLite failures become the typed errors of sqlite_failure.h, naming the file
// and the action.
template <typename Body>
void withImportTransaction(const std::filesystem::path& file, const char* action, Body&& body) {
    try {
        SQLite::Database db(file.string(), SQLite::OPEN_READWRITE);
        db.setBusyTimeout(10'000);
        db.exec("PRAGMA foreign_keys = ON");
        SQLite::Transaction transaction(db, SQLite::TransactionBehavior::IMMEDIATE);
        body(db);
        transaction.commit();
    } catch (const SQLite::Exception& error) {
        throwStoreFailure(file, action, error);
    }
}

}  // namespace bb
