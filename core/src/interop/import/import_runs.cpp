// Writing imported runs: one transaction on a connection of its own (as run_edits.cpp does),
// so that a failure at any row leaves the database as it was.
#include <SQLiteCpp/SQLiteCpp.h>
#include <fmt/format.h>

#include "bridgebench/errors.h"
#include "bridgebench/run_import.h"
#include "interop/import/store_connection.h"
#include "store/run_rows.h"

namespace bb {

ImportResult importRuns(ResultStore& store, const ImportBatch& batch) {
    ImportResult result;
    result.warnings = batch.warnings;
    withImportTransaction(store.file(), "import runs", [&](SQLite::Database& db) {
        SQLite::Statement known(db, "SELECT 1 FROM runs WHERE uuid = ?");
        SQLite::Statement addTag(db, "INSERT OR IGNORE INTO tags (run_id, tag) VALUES (?, ?)");
        for (const auto& data : batch.runs) {
            known.bind(1, data.run.uuid);
            const bool present = known.executeStep();
            known.reset();
            if (present) {
                result.skipped.push_back(data.run.name);
                continue;
            }
            RunRecord run = data.run;
            run.studyId = 0;
            if (run.status == RunStatus::Running) run.status = RunStatus::Interrupted;
            const std::int64_t id = insertRunRow(db, run, "");
            insertStepRows(db, id, data.steps);
            for (const auto& tag : data.tags) {
                addTag.bind(1, id);
                addTag.bind(2, tag);
                addTag.exec();
                addTag.reset();
            }
            result.added.push_back({id, run.name, static_cast<std::int64_t>(data.steps.size())});
        }
    });
    return result;
}

}  // namespace bb
