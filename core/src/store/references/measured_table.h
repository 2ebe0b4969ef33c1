// A reference table BridgeBench measured itself ("BridgeBench, 1× H200, <date>"): whole runs
// with their steps, beside the study's headline figures (reference_runs.cpp), which have none.
// A table ships as two files under core/references/ (see its README): NAME.table.json, the
// table's header, and NAME.runs.json, the runs exactly as `export --format json` wrote them.
#pragma once

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "bridgebench/run_data.h"

namespace SQLite {
class Database;
}

namespace bb {

struct MeasuredTable {
    StudyRecord study;           // kind "reference"; config holds date, software, source, measured
    std::vector<RunData> runs;   // source "reference", renamed as the study names its figures
};

// `header`: {"uuid", "name", "date", "created_at", "software", "source"}, all strings.
// `runs`: {"format": "bridgebench-runs", "version": 1, "runs": [...]}. Throws InputError naming
// `context`, the key and, for a run, its index and name: a table of nothing, a run that did not
// complete or has no steps is refused, since a reference must be what was measured.
MeasuredTable measuredTableFromJson(const nlohmann::json& header, const nlohmann::json& runs,
                                    const std::string& context);

// Adds what of the table the database lacks, inside the caller's transaction: the study row if
// its uuid is absent, then each run whose uuid is absent (one merged from another database is
// kept as it is). Returns whether anything was added.
bool insertMeasuredTable(SQLite::Database& db, const MeasuredTable& table);

// Whether insertMeasuredTable would add anything; reads only, so an open that has nothing to
// add never waits for another process's write lock.
bool lacksMeasuredTable(SQLite::Database& db, const MeasuredTable& table);

}  // namespace bb
