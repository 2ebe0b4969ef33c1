#include "store/schema.h"

#include <algorithm>

#include <SQLiteCpp/SQLiteCpp.h>
#include <fmt/format.h>
#include <sqlite3.h>

#include "bridgebench/errors.h"
#include "store/reference_runs.h"
#include "store/schema_shape.h"
#include "store/references/shipped_tables.h"

namespace bb {

namespace {

void createTables(SQLite::Database& db) {
    db.exec(R"sql(
CREATE TABLE studies (
  id          INTEGER PRIMARY KEY,
  uuid        TEXT NOT NULL UNIQUE,
  name        TEXT NOT NULL,
  kind        TEXT NOT NULL CHECK (kind IN ('sweep', 'reference', 'import')),
  config_json TEXT NOT NULL DEFAULT '{}',
  created_at  TEXT NOT NULL
);
CREATE TABLE runs (
  id                INTEGER PRIMARY KEY,
  uuid              TEXT NOT NULL UNIQUE,
  name              TEXT NOT NULL,
  source            TEXT NOT NULL CHECK (source IN ('local', 'imported', 'reference')),
  status            TEXT NOT NULL
                    CHECK (status IN ('running', 'completed', 'cancelled', 'failed', 'interrupted')),
  error             TEXT NOT NULL DEFAULT '',
  device_kind       TEXT NOT NULL DEFAULT '',
  device_name       TEXT NOT NULL DEFAULT '',
  device_count      INTEGER NOT NULL DEFAULT 1,
  model             TEXT NOT NULL DEFAULT '',
  precision         TEXT NOT NULL DEFAULT '',
  batch_size        INTEGER NOT NULL DEFAULT 0,
  workers           INTEGER NOT NULL DEFAULT 0,
  device_transforms INTEGER NOT NULL DEFAULT 0,
  config_json       TEXT NOT NULL DEFAULT '{}',
  environment_json  TEXT NOT NULL DEFAULT '{}',
  summary_json      TEXT NOT NULL DEFAULT '{}',
  study_id          INTEGER REFERENCES studies(id) ON DELETE SET NULL,
  owner             TEXT NOT NULL DEFAULT '',
  created_at        TEXT NOT NULL,
  finished_at       TEXT NOT NULL DEFAULT ''
);
CREATE INDEX runs_by_status ON runs(status);
CREATE INDEX runs_by_study ON runs(study_id);
CREATE TABLE steps (
  run_id           INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
  step             INTEGER NOT NULL,
  timestamp_ms     REAL NOT NULL,
  wall_ms          REAL NOT NULL,
  samples          INTEGER NOT NULL,
  samples_per_s    REAL NOT NULL,
  data_wait_ms     REAL NOT NULL DEFAULT 0,
  h2d_ms           REAL NOT NULL DEFAULT 0,
  forward_ms       REAL NOT NULL DEFAULT 0,
  backward_ms      REAL NOT NULL DEFAULT 0,
  optimizer_ms     REAL NOT NULL DEFAULT 0,
  loss             REAL,
  rss_bytes        INTEGER NOT NULL DEFAULT 0,
  cpu_util         REAL NOT NULL DEFAULT 0,
  device_mem_bytes INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (run_id, step)
) WITHOUT ROWID;
CREATE TABLE tags (
  run_id INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
  tag    TEXT NOT NULL,
  PRIMARY KEY (run_id, tag)
) WITHOUT ROWID;
)sql");
}

// The study's published figures are part of every database and must never change: the
// triggers make that a property of the file, not of one code path.
void addReferenceRuns(SQLite::Database& db) {
    db.exec(R"sql(
CREATE TRIGGER reference_runs_read_only_update BEFORE UPDATE ON runs
WHEN OLD.source = 'reference'
BEGIN SELECT RAISE(ABORT, 'reference runs are read-only'); END;
CREATE TRIGGER reference_runs_read_only_delete BEFORE DELETE ON runs
WHEN OLD.source = 'reference'
BEGIN SELECT RAISE(ABORT, 'reference runs are read-only'); END;
)sql");
    insertReferenceRuns(db);
}

void addLoadTimings(SQLite::Database& db) {
    for (const char* column : {"device_transform_ms", "load_ms", "read_ms", "decode_ms", "transform_ms", "collate_ms"})
        db.exec(fmt::format("ALTER TABLE steps ADD COLUMN {} REAL NOT NULL DEFAULT 0", column));
}

void addCommunication(SQLite::Database& db) {
    db.exec("ALTER TABLE steps ADD COLUMN comm_ms REAL NOT NULL DEFAULT 0");
}

void addDeviceMemoryPeak(SQLite::Database& db) {
    db.exec("ALTER TABLE steps ADD COLUMN device_mem_peak_bytes INTEGER NOT NULL DEFAULT 0");
}

// NULL where it was not measured: steps stored before it, data-parallel runs, imports.
void addOtherProcessesCpu(SQLite::Database& db) { db.exec("ALTER TABLE steps ADD COLUMN other_cpu REAL"); }

// The timeline's spans (bridgebench/timeline.h): integers only, the whole row in the key, so a
// sampled 100,000-step run stays a few MB. track and kind are the enums' stored codes.
void addTimeline(SQLite::Database& db) {
    db.exec(R"sql(
CREATE TABLE timeline_spans (
  run_id   INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
  rank     INTEGER NOT NULL,
  step     INTEGER NOT NULL,
  track    INTEGER NOT NULL,
  lane     INTEGER NOT NULL,
  begin_ns INTEGER NOT NULL,
  kind     INTEGER NOT NULL,
  end_ns   INTEGER NOT NULL,
  PRIMARY KEY (run_id, rank, step, track, lane, begin_ns, kind)
) WITHOUT ROWID;
)sql");
}

// A CPU's peak, once per machine and precision (bridgebench/machine_peak.h); the first quiet
// measurement stays, so that every run on the machine is held against one figure.
void addMachinePeaks(SQLite::Database& db) {
    db.exec(R"sql(
CREATE TABLE machine_peaks (
  machine      TEXT NOT NULL,
  precision    TEXT NOT NULL,
  flops_per_s  REAL NOT NULL,
  gemm_size    INTEGER NOT NULL,
  threads      INTEGER NOT NULL,
  repetitions  INTEGER NOT NULL,
  other_cores  REAL NOT NULL,
  measured_at  TEXT NOT NULL,
  PRIMARY KEY (machine, precision)
) WITHOUT ROWID;
)sql");
}

// The ops of profile_steps (bridgebench/op_profile.h): integers, with each op's name once in
// op_names (a run's 20 steps of BridgeTower-large repeat a few hundred names ~100,000 times).
// seq orders a rank's ops as captured; two ops may share every other column (two zero-length
// calls in one microsecond).
void addProfileOps(SQLite::Database& db) {
    db.exec(R"sql(
CREATE TABLE op_names (
  id   INTEGER PRIMARY KEY,
  name TEXT NOT NULL UNIQUE
);
CREATE TABLE profile_ops (
  run_id   INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
  rank     INTEGER NOT NULL,
  seq      INTEGER NOT NULL,
  step     INTEGER NOT NULL,
  device   INTEGER NOT NULL,
  lane     INTEGER NOT NULL,
  begin_ns INTEGER NOT NULL,
  end_ns   INTEGER NOT NULL,
  name_id  INTEGER NOT NULL REFERENCES op_names(id),
  PRIMARY KEY (run_id, rank, seq)
) WITHOUT ROWID;
)sql");
}

using Step = void (*)(SQLite::Database&);
// Index i holds the step from version i to i + 1.
constexpr Step kLadder[] = {createTables,     addReferenceRuns,    addLoadTimings,
                            addCommunication, addDeviceMemoryPeak, addOtherProcessesCpu,
                            addTimeline, addMachinePeaks, addProfileOps};

}  // namespace

int latestSchemaVersion() { return static_cast<int>(std::size(kLadder)); }

SchemaShape schemaShapeOfVersion(int version) {
    SQLite::Database scratch(":memory:", SQLite::OPEN_READWRITE | SQLite::OPEN_CREATE);
    for (int step = 0; step < version; ++step) kLadder[step](scratch);
    return readSchemaShape(scratch);
}

int storedSchemaVersion(SQLite::Database& db) { return db.execAndGet("PRAGMA user_version").getInt(); }

void checkSchema(SQLite::Database& db, const char* file, int version) {
    const int latest = latestSchemaVersion();
    const std::string reads = fmt::format("this build reads schema versions 1 to {}", latest);
    if (version > latest)
        throw StoreFormatError(fmt::format("{}: written by a newer BridgeBench (schema {}; {})", file, version, reads));
    if (version < 0)
        throw StoreFormatError(fmt::format("{}: schema version {} is not one BridgeBench writes ({}); the file was "
                                           "left as it is",
                                           file, version, reads));
    const SchemaShape found = readSchemaShape(db);
    if (version == 0) {
        // A new file is empty; one with tables but no version is another program's database,
        // which the first step of the ladder would fill with tables of ours.
        if (found.empty()) return;
        std::string names;
        for (const auto& [key, columns] : found) names += (names.empty() ? "" : ", ") + key;
        throw StoreFormatError(fmt::format("{}: not a BridgeBench database: it holds {} but no BridgeBench schema "
                                           "version ({}); the file was left as it is",
                                           file, names, reads));
    }
    if (const auto difference = describeShapeDifference(schemaShapeOfVersion(version), found, version))
        throw StoreFormatError(fmt::format("{}: not a results database this build can read: it says schema version "
                                           "{}, but {} ({}); the file was left as it is",
                                           file, version, *difference, reads));
}

void migrate(SQLite::Database& db, const char* file) { migrate(db, file, shippedMeasuredTables()); }

void migrate(SQLite::Database& db, const char* file, const std::vector<MeasuredTable>& tables) {
    int version = storedSchemaVersion(db);
    checkSchema(db, file, version);
    const bool readOnly = sqlite3_db_readonly(db.getHandle(), "main") == 1;
    const bool climb = version < latestSchemaVersion();
    if (climb && readOnly)
        throw StoreFormatError(fmt::format("{}: schema {} is older than this build's {}, and the file cannot be "
                                           "written to migrate it (open it where it can be written)",
                                           file, version, latestSchemaVersion()));
    // Outside the ladder: a table shipped later needs no schema step, so an older build still
    // opens the file, and a file opened read-only is read as it is.
    // (Below this build's version the tables to hold them may not exist yet; the climb adds them.)
    const bool lacksTable = !readOnly && !climb && std::any_of(tables.begin(), tables.end(), [&](const auto& table) {
        return lacksMeasuredTable(db, table);
    });
    // Nothing to write: no write transaction, so a reader never waits for another process's.
    if (!climb && !lacksTable) return;
    SQLite::Transaction transaction(db, SQLite::TransactionBehavior::IMMEDIATE);
    // Another process may have climbed meanwhile; what is there now is what counts.
    if (const int now = storedSchemaVersion(db); now != version) {
        version = now;
        checkSchema(db, file, version);
    }
    for (int step = version; step < latestSchemaVersion(); ++step) kLadder[step](db);
    if (version < latestSchemaVersion()) db.exec(fmt::format("PRAGMA user_version = {}", latestSchemaVersion()));
    for (const auto& table : tables) insertMeasuredTable(db, table);
    transaction.commit();
}

}  // namespace bb
