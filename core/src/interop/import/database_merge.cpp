// Merging another BridgeBench database: its runs keep their uuids, so a run that is already
// here (a reference figure, or one merged before) is skipped rather than duplicated.
#include <map>
#include <set>
#include <variant>

#include <SQLiteCpp/SQLiteCpp.h>
#include <fmt/format.h>

#include "bridgebench/errors.h"
#include "bridgebench/run_import.h"
#include "interop/import/store_connection.h"
#include "store/row_copy.h"
#include "store/schema.h"

namespace bb {

namespace {

std::set<std::string> columnsOf(SQLite::Database& db, const std::string& table) {
    std::set<std::string> columns;
    SQLite::Statement query(db, fmt::format("SELECT name FROM pragma_table_info('{}')", table));
    while (query.executeStep()) columns.insert(query.getColumn(0).getString());
    return columns;
}

DeletedRun::Value& valueOf(DeletedRun::Row& row, const std::string& column) {
    for (std::size_t index = 0; index < row.columns.size(); ++index)
        if (row.columns[index] == column) return row.values[index];
    row.columns.push_back(column);
    row.values.emplace_back(std::monostate{});
    return row.values.back();
}

std::string textOf(DeletedRun::Row& row, const std::string& column) {
    const auto& value = valueOf(row, column);
    return std::holds_alternative<std::string>(value) ? std::get<std::string>(value) : std::string();
}

// Drops the columns this build's table lacks (none, as a newer file is refused) and the ones
// named in `drop`.
DeletedRun::Row fitted(const DeletedRun::Row& row, const std::set<std::string>& columns,
                       const std::set<std::string>& drop) {
    DeletedRun::Row out;
    for (std::size_t index = 0; index < row.columns.size(); ++index) {
        if (!columns.contains(row.columns[index]) || drop.contains(row.columns[index])) continue;
        out.columns.push_back(row.columns[index]);
        out.values.push_back(row.values[index]);
    }
    return out;
}

}  // namespace

struct DatabaseImport::Rows {
    std::filesystem::path file;
    std::vector<DeletedRun::Row> studies;
    std::vector<DeletedRun::Row> runs;
    std::map<std::int64_t, std::vector<DeletedRun::Row>> steps;
    std::map<std::int64_t, std::vector<DeletedRun::Row>> tags;
    // A run's timeline (schema 7) and profiled ops (schema 9), each op with its name beside its
    // name_id, which is the other file's: the name is what is copied.
    std::map<std::int64_t, std::vector<DeletedRun::Row>> spans;
    std::map<std::int64_t, std::vector<DeletedRun::Row>> ops;
};

DatabaseImport::DatabaseImport(std::unique_ptr<Rows> rows) : m_rows(std::move(rows)) {}
DatabaseImport::~DatabaseImport() = default;
DatabaseImport::DatabaseImport(DatabaseImport&&) noexcept = default;
DatabaseImport& DatabaseImport::operator=(DatabaseImport&&) noexcept = default;
const std::filesystem::path& DatabaseImport::file() const { return m_rows->file; }

DatabaseImport DatabaseImport::read(const std::filesystem::path& file) {
    std::error_code error;
    if (!std::filesystem::exists(file, error))
        throw InputError(fmt::format("{}: cannot read: no such file", file.string()));
    if (!std::filesystem::is_regular_file(file, error))
        throw InputError(fmt::format("{}: cannot read: not a regular file (a database is one file)", file.string()));
    try {
        SQLite::Database db(file.string(), SQLite::OPEN_READONLY);
        const int version = db.execAndGet("PRAGMA user_version").getInt();
        if (version > ResultStore::latestSchemaVersion())
            throw InputError(fmt::format("{}: written by a newer BridgeBench (schema {}; this build reads up to {})",
                                         file.string(), version, ResultStore::latestSchemaVersion()));
        if (version < 1 || !db.tableExists("runs") || !db.tableExists("steps"))
            throw InputError(fmt::format("{}: not a BridgeBench database (no runs table; schema version {})",
                                         file.string(), version));
        // Its tables must be what its version says, as for any database this build opens.
        try {
            checkSchema(db, file.c_str(), version);
        } catch (const StoreFormatError& error) {
            throw InputError(error.what());
        }
        auto other = std::make_unique<Rows>();
        other->file = file;
        other->studies = copyRows(db, "SELECT * FROM studies WHERE id > ? ORDER BY id", 0);
        other->runs = copyRows(db, "SELECT * FROM runs WHERE id > ? ORDER BY id", 0);
        for (auto& run : other->runs) {
            const auto id = std::get<std::int64_t>(valueOf(run, "id"));
            other->steps[id] = copyRows(db, "SELECT * FROM steps WHERE run_id = ? ORDER BY step", id);
            if (db.tableExists("tags")) other->tags[id] = copyRows(db, "SELECT * FROM tags WHERE run_id = ?", id);
            if (db.tableExists("timeline_spans"))
                other->spans[id] = copyRows(db, "SELECT * FROM timeline_spans WHERE run_id = ?", id);
            if (db.tableExists("profile_ops"))
                other->ops[id] = copyRows(db,
                                          "SELECT p.*, n.name AS op_name FROM profile_ops p JOIN op_names n "
                                          "ON n.id = p.name_id WHERE p.run_id = ? ORDER BY p.rank, p.seq",
                                          id);
        }
        return DatabaseImport(std::move(other));
    } catch (const SQLite::Exception& sqliteError) {
        throw InputError(fmt::format("{}: not a readable BridgeBench database: {}", file.string(), sqliteError.what()));
    } catch (const std::bad_variant_access&) {
        throw InputError(fmt::format("{}: runs.id: not an integer", file.string()));
    }
}

ImportResult mergeDatabase(ResultStore& store, const DatabaseImport& otherImport) {
    if (std::filesystem::weakly_canonical(otherImport.file()) == std::filesystem::weakly_canonical(store.file()))
        throw InputError(fmt::format("{}: is the database being imported into", otherImport.file().string()));
    // Copied: the rows are adjusted (ids, source, study) on their way in.
    DatabaseImport::Rows other = *otherImport.m_rows;
    ImportResult result;
    withImportTransaction(store.file(), "merge a database", [&](SQLite::Database& db) {
        const auto studyColumns = columnsOf(db, "studies");
        const auto runColumns = columnsOf(db, "runs");
        const auto stepColumns = columnsOf(db, "steps");
        const auto opColumns = columnsOf(db, "profile_ops");
        SQLite::Statement studyByUuid(db, "SELECT id FROM studies WHERE uuid = ?");
        SQLite::Statement nameId(db, "SELECT id FROM op_names WHERE name = ?");
        SQLite::Statement addName(db, "INSERT INTO op_names (name) VALUES (?)");
        const auto opNameId = [&](const std::string& name) {
            nameId.bind(1, name);
            std::int64_t id = 0;
            if (nameId.executeStep()) {
                id = nameId.getColumn(0).getInt64();
            } else {
                addName.bind(1, name);
                addName.exec();
                addName.reset();
                id = db.getLastInsertRowid();
            }
            nameId.reset();
            return id;
        };
        SQLite::Statement runByUuid(db, "SELECT 1 FROM runs WHERE uuid = ?");

        std::map<std::int64_t, std::int64_t> studyIds;  // other's id → ours
        for (auto& study : other.studies) {
            const auto otherId = std::get<std::int64_t>(valueOf(study, "id"));
            studyByUuid.bind(1, textOf(study, "uuid"));
            if (studyByUuid.executeStep()) {
                studyIds[otherId] = studyByUuid.getColumn(0).getInt64();
            } else {
                insertRow(db, "studies", fitted(study, studyColumns, {"id"}));
                studyIds[otherId] = db.getLastInsertRowid();
            }
            studyByUuid.reset();
        }

        for (auto& run : other.runs) {
            const auto otherId = std::get<std::int64_t>(valueOf(run, "id"));
            runByUuid.bind(1, textOf(run, "uuid"));
            const bool present = runByUuid.executeStep();
            runByUuid.reset();
            if (present) {
                result.skipped.push_back(textOf(run, "name"));
                continue;
            }
            // Runs of that database are imported here; a run it left running belongs to no live
            // process of this machine.
            if (textOf(run, "source") != "reference") valueOf(run, "source") = std::string("imported");
            if (textOf(run, "status") == "running") {
                valueOf(run, "status") = std::string("interrupted");
                valueOf(run, "error") = std::string("still running in the database it was imported from");
            }
            valueOf(run, "owner") = std::string();
            auto& study = valueOf(run, "study_id");
            if (std::holds_alternative<std::int64_t>(study)) {
                const auto mapped = studyIds.find(std::get<std::int64_t>(study));
                study = mapped == studyIds.end() ? DeletedRun::Value{} : DeletedRun::Value{mapped->second};
            }
            insertRow(db, "runs", fitted(run, runColumns, {"id"}));
            const std::int64_t id = db.getLastInsertRowid();
            for (auto& step : other.steps[otherId]) {
                valueOf(step, "run_id") = id;
                insertRow(db, "steps", fitted(step, stepColumns, {}));
            }
            for (auto& tag : other.tags[otherId]) {
                valueOf(tag, "run_id") = id;
                insertRow(db, "tags", tag);
            }
            for (auto& span : other.spans[otherId]) {
                valueOf(span, "run_id") = id;
                insertRow(db, "timeline_spans", span);
            }
            for (auto& op : other.ops[otherId]) {
                valueOf(op, "run_id") = id;
                valueOf(op, "name_id") = opNameId(textOf(op, "op_name"));
                insertRow(db, "profile_ops", fitted(op, opColumns, {}));
            }
            result.added.push_back({id, textOf(run, "name"), static_cast<std::int64_t>(other.steps[otherId].size())});
        }
    });
    return result;
}

}  // namespace bb
