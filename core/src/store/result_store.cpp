#include "bridgebench/result_store.h"

#include <charconv>
#include <cstdlib>
#include <utility>

#include <SQLiteCpp/SQLiteCpp.h>
#include <fmt/format.h>
#include <sqlite3.h>

#include "bridgebench/errors.h"
#include "store/device_name.h"
#include "store/machine_peak_rows.h"
#include "store/readable_run.h"
#include "store/result_store_impl.h"
#include "store/run_rows.h"
#include "store/schema.h"
#include "store/sqlite_failure.h"
#include "store/write_access.h"
#include "util/json_text.h"
#include "util/process_identity.h"
#include "util/time_format.h"

namespace bb {

namespace {

constexpr const char* kRunColumns =
    "id, uuid, name, source, status, error, device_kind, device_name, device_count, model, precision, "
    "batch_size, workers, device_transforms, config_json, environment_json, summary_json, "
    "coalesce(study_id, 0), created_at, finished_at";

nlohmann::json parseStoredJson(const std::string& text) {
    std::string why;
    auto value = parseStoredJsonText(text, why);
    return value ? std::move(*value) : nlohmann::json::object();
}

// The columns hold 0 and "off" where an import's files did not say: what a run knows is read
// here, once. An import states a setting in its config (imported_facts.cpp); the engine's runs
// and the study's tables state every one.
void readKnownFacts(RunRecord& run, std::int64_t batchSize, std::int64_t workers, bool deviceTransforms) {
    const bool imported = run.origin == RunOrigin::Import;
    if (batchSize > 0) run.batchSize = batchSize;
    if (!imported || run.config.states("workers")) run.workers = workers;
    if (!imported || run.config.states("device_transforms")) run.deviceTransforms = deviceTransforms;
    // Older builds summed an import's untimed data wait into a share of 0.
    if (imported && run.summary.dataWaitShare == 0.0) run.summary.dataWaitShare.reset();
}

RunRecord readRun(SQLite::Statement& query) {
    RunRecord run;
    int column = 0;
    run.id = query.getColumn(column++).getInt64();
    run.uuid = query.getColumn(column++).getString();
    run.name = query.getColumn(column++).getString();
    const std::string source = query.getColumn(column++).getString();
    run.status = runStatusFromString(query.getColumn(column++).getString()).value_or(RunStatus::Failed);
    run.error = query.getColumn(column++).getString();
    run.deviceKind = query.getColumn(column++).getString();
    run.deviceName = query.getColumn(column++).getString();
    if (const std::int64_t count = query.getColumn(column++).getInt64(); count > 0)
        run.deviceCount = count;
    else
        run.deviceCount.reset();
    run.model = query.getColumn(column++).getString();
    run.precision = query.getColumn(column++).getString();
    const std::int64_t batchSize = query.getColumn(column++).getInt64();
    const std::int64_t workers = query.getColumn(column++).getInt64();
    const bool deviceTransforms = query.getColumn(column++).getInt() != 0;
    // What this build cannot read of a run's JSON columns is left out, and said so.
    const auto readObject = [&](const char* what, auto keepReadable) {
        std::string why;
        auto parsed = parseStoredJsonText(query.getColumn(column++).getString(), why);
        if (!parsed) {
            run.unreadable.push_back(fmt::format("the {} is {}: left out", what, why));
            return nlohmann::json::object();
        }
        auto value = std::move(*parsed);
        for (auto& problem : keepReadable(value)) run.unreadable.push_back(std::move(problem));
        return value;
    };
    run.config = readObject("config", keepReadableConfig).get<RunSettings>();
    run.environment = readObject("environment", keepReadableEnvironment).get<RunEnvironment>();
    run.summary = readObject("summary", keepReadableSummary).get<RunSummary>();
    // The column's CHECK keeps it to the three words.
    run.origin = originFromStored(source, run.summary.headlineOnly, !run.environment.measuredWith.empty())
                     .value_or(RunOrigin::Engine);
    readKnownFacts(run, batchSize, workers, deviceTransforms);
    run.studyId = query.getColumn(column++).getInt64();
    run.createdAt = query.getColumn(column++).getString();
    run.finishedAt = query.getColumn(column++).getString();
    return run;
}

// Runs are read in lists; the peaks (a few rows per machine) are read once per list.
void attachMachinePeaks(std::vector<RunRecord>& runs, const std::vector<MachinePeak>& peaks) {
    for (auto& run : runs) {
        if (run.origin != RunOrigin::Engine || run.deviceKind != "cpu") continue;
        const std::string machine = machineIdentity(run.environment);
        if (machine.empty()) continue;
        for (const auto& peak : peaks)
            if (peak.machine == machine) run.machinePeaks.push_back(peak);
    }
}

bool allDigits(const std::string& text) {
    return !text.empty() && text.find_first_not_of("0123456789") == std::string::npos;
}



// SQLite's URI form, which takes mode=ro and immutable=1; the characters a URI gives meaning
// to are escaped.
std::string readOnlyUri(const std::filesystem::path& file, bool immutable) {
    std::string uri = "file:";
    for (const char c : std::filesystem::absolute(file).string()) {
        if (c == '?' || c == '#' || c == '%')
            uri += fmt::format("%{:02X}", static_cast<unsigned char>(c));
        else
            uri += c;
    }
    return uri + (immutable ? "?immutable=1" : "?mode=ro");
}

}  // namespace

ResultStore::ResultStore(const std::filesystem::path& file, StoreAccess access) {
    // SQLite takes "" for a private temporary database: a run stored there would be lost at exit.
    if (file.empty()) throw StoreFormatError("an empty path names no database file");
    if (std::error_code ignored; std::filesystem::is_directory(file, ignored))
        throw StoreFormatError(fmt::format("{}: a folder, not a database file (name the .db file inside)", file.string()));
    // A device or a pipe (/dev/null) failed as "the disk failed a read or write", exit 1.
    if (std::error_code ignored; std::filesystem::exists(file, ignored) && !std::filesystem::is_regular_file(file, ignored))
        throw StoreFormatError(fmt::format("{}: not a regular file: a database is one file on disk", file.string()));
    if (access == StoreAccess::ReadOnly) {
        openForReading(file, std::nullopt);
        return;
    }
    if (access == StoreAccess::Reading) {
        std::error_code ignored;
        if (auto reason = whyNotWritable(file); reason && std::filesystem::exists(file, ignored)) {
            openForReading(file, std::move(reason));
            return;
        }
    }
    if (file.has_parent_path()) {
        std::error_code ignored;
        std::filesystem::create_directories(file.parent_path(), ignored);
    }
    // Said up front: SQLite would open the file read-only without a word and fail at the first
    // write, as "attempt to write a readonly database" or "unable to open database file".
    if (auto reason = whyNotWritable(file))
        throw StoreError(fmt::format("{}: cannot open the database for writing: {}", file.string(), *reason));
    try {
        m_impl = std::make_unique<Impl>(file, file.string(), SQLite::OPEN_READWRITE | SQLite::OPEN_CREATE);
    } catch (const SQLite::Exception& error) {
        throwStoreFailure(file, "open the database", error);
    }
    m_impl->guarded("open the database", [&] {
        m_impl->db.setBusyTimeout(10'000);
        m_impl->db.exec("PRAGMA foreign_keys = ON");
        // migrate() checks the schema before it writes anything, so a file this build cannot read
        // is refused as it is, journal mode included: WAL is switched on only after it.
        migrate(m_impl->db, file.c_str());
        // WAL lets the GUI read while a run's writer thread commits. (A new file's first
        // migration ran with a rollback journal; nobody else had it open.)
        m_impl->db.exec("PRAGMA journal_mode = WAL");
        m_impl->db.exec("PRAGMA synchronous = NORMAL");
        m_impl->markDeadRunsInterrupted();
    });
}

void ResultStore::openForReading(const std::filesystem::path& file, std::optional<std::string> reason) {
    const char* action = "open the database for reading";
    const auto open = [&](bool immutable) {
        m_impl = std::make_unique<Impl>(file, readOnlyUri(file, immutable), SQLite::OPEN_READONLY | SQLite::OPEN_URI);
        m_impl->db.setBusyTimeout(10'000);
        const int version = storedSchemaVersion(m_impl->db);
        checkSchema(m_impl->db, file.c_str(), version);
        if (version < bb::latestSchemaVersion())
            throw StoreFormatError(fmt::format("{}: schema {}, older than this build's {}, and {} (open it where it "
                                               "can be written to migrate it)",
                                               file.string(), version, bb::latestSchemaVersion(),
                                               reason ? *reason : std::string("it was opened read-only")));
    };
    try {
        open(false);
    } catch (const SQLite::Exception& error) {
        if (error.getErrorCode() != SQLITE_CANTOPEN || !reason) throwStoreFailure(file, action, error);
        // A WAL file in a folder this user cannot write: SQLite cannot make its shared-memory
        // index beside it. Read as immutable, it needs none; what another process writes to it
        // meanwhile is not seen, which the reason then says.
        try {
            open(true);
            *reason += "; changes made while it is open are not seen";
        } catch (const SQLite::Exception& again) {
            throwStoreFailure(file, action, again);
        }
    }
    m_impl->readOnlyReason = std::move(reason);
}

ResultStore::~ResultStore() = default;

int ResultStore::latestSchemaVersion() { return bb::latestSchemaVersion(); }

const std::filesystem::path& ResultStore::file() const { return m_impl->file; }

int ResultStore::schemaVersion() const {
    return m_impl->guarded("read the schema version",
                           [&] { return m_impl->db.execAndGet("PRAGMA user_version").getInt(); });
}

std::int64_t ResultStore::interruptedAtOpen() const { return m_impl->interrupted; }

const std::optional<std::string>& ResultStore::readOnlyReason() const { return m_impl->readOnlyReason; }

std::int64_t ResultStore::createRun(RunRecord run) {
    if (run.uuid.empty()) run.uuid = newUuid();
    if (run.createdAt.empty()) run.createdAt = isoUtcNow();
    return m_impl->guarded("create a run", [&] {
        return insertRunRow(m_impl->db, run,
                            run.status == RunStatus::Running ? currentProcessIdentity() : std::string());
    });
}

void ResultStore::finishRun(std::int64_t runId, RunStatus status, const std::string& error,
                            const RunSummary& summary) {
    m_impl->guarded("record the end of a run", [&] {
        SQLite::Statement update(m_impl->db, R"sql(
UPDATE runs SET status = ?, error = ?, summary_json = ?, finished_at = ? WHERE id = ?)sql");
        update.bind(1, std::string(toString(status)));
        update.bind(2, error);
        update.bind(3, nlohmann::json(summary).dump());
        update.bind(4, isoUtcNow());
        update.bind(5, static_cast<std::int64_t>(runId));
        if (update.exec() != 1) throw StoreError(fmt::format("{}: no run with id {}", m_impl->file.string(), runId));
    });
}

void ResultStore::recordRunSetup(std::int64_t runId, const nlohmann::json& config, const RunEnvironment& environment) {
    m_impl->guarded("record a run's setup", [&] {
        SQLite::Statement update(m_impl->db, R"sql(
UPDATE runs SET config_json = ?, environment_json = ?, device_name = ? WHERE id = ?)sql");
        update.bind(1, config.dump());
        update.bind(2, nlohmann::json(environment).dump());
        update.bind(3, runDeviceName(config.is_object() ? config.value("device", std::string("cpu")) : std::string("cpu"),
                                     environment));
        update.bind(4, static_cast<std::int64_t>(runId));
        if (update.exec() != 1) throw StoreError(fmt::format("{}: no run with id {}", m_impl->file.string(), runId));
    });
}

void ResultStore::appendSteps(std::int64_t runId, std::span<const StepMetrics> steps) {
    if (steps.empty()) return;
    m_impl->guarded("store steps", [&] {
        SQLite::Transaction transaction(m_impl->db, SQLite::TransactionBehavior::IMMEDIATE);
        insertStepRows(m_impl->db, runId, steps);
        transaction.commit();
    });
}

std::vector<RunRecord> ResultStore::listRuns() {
    return m_impl->guarded("list runs", [&] {
        std::vector<RunRecord> runs;
        SQLite::Statement query(m_impl->db, fmt::format("SELECT {} FROM runs ORDER BY id", kRunColumns));
        while (query.executeStep()) runs.push_back(readRun(query));
        attachMachinePeaks(runs, readMachinePeaks(m_impl->db));
        return runs;
    });
}

std::optional<RunRecord> ResultStore::findRun(std::int64_t runId) {
    return m_impl->guarded("read a run", [&]() -> std::optional<RunRecord> {
        SQLite::Statement query(m_impl->db, fmt::format("SELECT {} FROM runs WHERE id = ?", kRunColumns));
        query.bind(1, static_cast<std::int64_t>(runId));
        if (!query.executeStep()) return std::nullopt;
        std::vector<RunRecord> runs{readRun(query)};
        attachMachinePeaks(runs, readMachinePeaks(m_impl->db));
        return std::move(runs.front());
    });
}

std::optional<RunRecord> ResultStore::findRun(const std::string& idOrName) {
    // A number too large for an id can still be a name.
    std::int64_t id = 0;
    if (allDigits(idOrName) &&
        std::from_chars(idOrName.data(), idOrName.data() + idOrName.size(), id).ec == std::errc()) {
        if (auto run = findRun(id)) return run;
    }
    return m_impl->guarded("find a run", [&]() -> std::optional<RunRecord> {
        SQLite::Statement query(m_impl->db,
                                fmt::format("SELECT {} FROM runs WHERE name = ? OR uuid = ? LIMIT 2", kRunColumns));
        query.bind(1, idOrName);
        query.bind(2, idOrName);
        if (!query.executeStep()) return std::nullopt;
        std::vector<RunRecord> runs{readRun(query)};
        if (query.executeStep())
            throw UsageError(fmt::format("{}: more than one run is named '{}'; use its id", m_impl->file.string(),
                                         idOrName));
        attachMachinePeaks(runs, readMachinePeaks(m_impl->db));
        return std::move(runs.front());
    });
}

std::vector<StepMetrics> ResultStore::steps(std::int64_t runId) {
    std::vector<StepMetrics> rows;
    forEachStep(runId, [&](const StepMetrics& step) {
        rows.push_back(step);
        return true;
    });
    return rows;
}

void ResultStore::forEachStep(std::int64_t runId, const std::function<bool(const StepMetrics&)>& visit) {
    m_impl->guarded("read steps", [&] {
        SQLite::Statement query(m_impl->db, R"sql(
SELECT step, timestamp_ms, wall_ms, samples, samples_per_s, data_wait_ms, h2d_ms, forward_ms,
       backward_ms, optimizer_ms, loss, rss_bytes, cpu_util, device_mem_bytes, device_transform_ms,
       load_ms, read_ms, decode_ms, transform_ms, collate_ms, comm_ms, device_mem_peak_bytes, other_cpu
FROM steps WHERE run_id = ? ORDER BY step)sql");
        query.bind(1, static_cast<std::int64_t>(runId));
        while (query.executeStep()) {
            StepMetrics step;
            int column = 0;
            step.step = query.getColumn(column++).getInt64();
            step.timestampMs = query.getColumn(column++).getDouble();
            step.wallMs = query.getColumn(column++).getDouble();
            step.samples = query.getColumn(column++).getInt64();
            step.samplesPerSec = query.getColumn(column++).getDouble();
            step.dataWaitMs = query.getColumn(column++).getDouble();
            step.hostToDeviceMs = query.getColumn(column++).getDouble();
            step.forwardMs = query.getColumn(column++).getDouble();
            step.backwardMs = query.getColumn(column++).getDouble();
            step.optimizerMs = query.getColumn(column++).getDouble();
            step.loss = query.getColumn(column++).getDouble();
            step.rssBytes = query.getColumn(column++).getInt64();
            step.cpuUtilisation = query.getColumn(column++).getDouble();
            step.deviceMemoryBytes = query.getColumn(column++).getInt64();
            step.deviceTransformMs = query.getColumn(column++).getDouble();
            step.loadMs = query.getColumn(column++).getDouble();
            step.readMs = query.getColumn(column++).getDouble();
            step.decodeMs = query.getColumn(column++).getDouble();
            step.transformMs = query.getColumn(column++).getDouble();
            step.collateMs = query.getColumn(column++).getDouble();
            step.commMs = query.getColumn(column++).getDouble();
            step.deviceMemoryPeakBytes = query.getColumn(column++).getInt64();
            if (const auto other = query.getColumn(column++); !other.isNull()) step.otherCpuCores = other.getDouble();
            if (!visit(step)) return;
        }
    });
}

std::int64_t ResultStore::stepCount(std::int64_t runId) {
    return m_impl->guarded("count steps", [&] {
        SQLite::Statement query(m_impl->db, "SELECT count(*) FROM steps WHERE run_id = ?");
        query.bind(1, static_cast<std::int64_t>(runId));
        query.executeStep();
        return query.getColumn(0).getInt64();
    });
}

std::int64_t ResultStore::createStudy(StudyRecord study) {
    if (study.uuid.empty()) study.uuid = newUuid();
    if (study.createdAt.empty()) study.createdAt = isoUtcNow();
    return m_impl->guarded("create a study", [&] {
        SQLite::Statement insert(m_impl->db,
                                 "INSERT INTO studies (uuid, name, kind, config_json, created_at) VALUES (?, ?, ?, ?, ?)");
        insert.bind(1, study.uuid);
        insert.bind(2, study.name);
        insert.bind(3, study.kind);
        insert.bind(4, study.config.dump());
        insert.bind(5, study.createdAt);
        insert.exec();
        return m_impl->db.getLastInsertRowid();
    });
}

namespace {

StudyRecord readStudy(SQLite::Statement& query) {
    StudyRecord study;
    study.id = query.getColumn(0).getInt64();
    study.uuid = query.getColumn(1).getString();
    study.name = query.getColumn(2).getString();
    study.kind = query.getColumn(3).getString();
    study.config = parseStoredJson(query.getColumn(4).getString());
    study.createdAt = query.getColumn(5).getString();
    return study;
}

constexpr const char* kStudyColumns = "id, uuid, name, kind, config_json, created_at";

}  // namespace

std::optional<StudyRecord> ResultStore::findStudy(const std::string& name) {
    return m_impl->guarded("find a study", [&]() -> std::optional<StudyRecord> {
        SQLite::Statement query(m_impl->db,
                                fmt::format("SELECT {} FROM studies WHERE name = ? ORDER BY id DESC LIMIT 1", kStudyColumns));
        query.bind(1, name);
        if (!query.executeStep()) return std::nullopt;
        return readStudy(query);
    });
}

std::vector<std::string> ResultStore::tags(std::int64_t runId) {
    const auto all = allTags();
    const auto found = all.find(runId);
    return found == all.end() ? std::vector<std::string>{} : found->second;
}

std::map<std::int64_t, std::vector<std::string>> ResultStore::allTags() {
    return m_impl->guarded("read tags", [&] {
        std::map<std::int64_t, std::vector<std::string>> tags;
        SQLite::Statement query(m_impl->db, "SELECT run_id, tag FROM tags ORDER BY run_id, tag");
        while (query.executeStep()) tags[query.getColumn(0).getInt64()].push_back(query.getColumn(1).getString());
        return tags;
    });
}

std::vector<StudyRecord> ResultStore::listStudies() {
    return m_impl->guarded("list studies", [&] {
        std::vector<StudyRecord> studies;
        SQLite::Statement query(m_impl->db, fmt::format("SELECT {} FROM studies ORDER BY id", kStudyColumns));
        while (query.executeStep()) studies.push_back(readStudy(query));
        return studies;
    });
}

std::vector<RunRecord> ResultStore::runsInStudy(std::int64_t studyId) {
    return m_impl->guarded("list a study's runs", [&] {
        std::vector<RunRecord> runs;
        SQLite::Statement query(m_impl->db,
                                fmt::format("SELECT {} FROM runs WHERE study_id = ? ORDER BY id", kRunColumns));
        query.bind(1, studyId);
        while (query.executeStep()) runs.push_back(readRun(query));
        attachMachinePeaks(runs, readMachinePeaks(m_impl->db));
        return runs;
    });
}

std::vector<MachinePeak> ResultStore::machinePeaks() {
    return m_impl->guarded("read the machines' peaks", [&] { return readMachinePeaks(m_impl->db); });
}

bool ResultStore::recordMachinePeak(const MachinePeak& peak) {
    return m_impl->guarded("store a machine's peak", [&] {
        SQLite::Transaction transaction(m_impl->db, SQLite::TransactionBehavior::IMMEDIATE);
        const bool stored = insertMachinePeak(m_impl->db, peak);
        transaction.commit();
        return stored;
    });
}

std::filesystem::path defaultDatabasePath() {
    if (const char* explicitPath = std::getenv("BRIDGEBENCH_DB"); explicitPath && *explicitPath)
        return explicitPath;
    if (const char* dataHome = std::getenv("XDG_DATA_HOME"); dataHome && *dataHome)
        return std::filesystem::path(dataHome) / "bridgebench" / "results.db";
    const char* home = std::getenv("HOME");
    return std::filesystem::path(home ? home : ".") / ".local" / "share" / "bridgebench" / "results.db";
}

}  // namespace bb
