// The SQLite results store. One ResultStore is one connection: use it from one thread at a
// time. Opening applies pending schema migrations in one transaction, refuses files from a
// newer build, and marks runs left Running by a dead process as Interrupted.
#pragma once

#include <cstdint>
#include <filesystem>
#include <functional>
#include <limits>
#include <map>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "bridgebench/deleted_run.h"
#include "bridgebench/op_profile.h"
#include "bridgebench/run_record.h"
#include "bridgebench/run_status.h"
#include "bridgebench/step_metrics.h"
#include "bridgebench/timeline.h"

namespace bb {

// ReadOnly: for a second connection that only reads a file another has opened (the GUI's step
// reader): it creates nothing, migrates nothing and marks nothing, and refuses a file whose
// schema is not this build's.
// Reading: for what only reads (list, show, compare, export, reports, the window's browsing):
// read-write where the file can be written, so it is migrated and its dead runs marked; else
// (a read-only file, folder or mount) read-only, readOnlyReason() saying why, and a file that
// would need migrating is refused.
enum class StoreAccess { ReadWrite, ReadOnly, Reading };

class ResultStore {
public:
    // The schema version this build writes; older files are migrated up to it at open.
    static int latestSchemaVersion();

    // Throws StoreFormatError naming the file when this build cannot read it (not SQLite,
    // damaged, a schema version it does not know or tables that do not match it), before
    // writing anything; StoreError when it cannot be opened or written.
    explicit ResultStore(const std::filesystem::path& file, StoreAccess access = StoreAccess::ReadWrite);
    ~ResultStore();
    ResultStore(const ResultStore&) = delete;
    ResultStore& operator=(const ResultStore&) = delete;

    const std::filesystem::path& file() const;
    int schemaVersion() const;

    // Inserts a run owned by this process (status Running unless record says otherwise);
    // fills in uuid and createdAt when empty. Returns the row id.
    std::int64_t createRun(RunRecord record);
    void finishRun(std::int64_t runId, RunStatus status, const std::string& error, const RunSummary& summary);
    // The configuration and environment of a run whose data-parallel world was joined after
    // its row was created (the GUI's): resolved threads, backend and device, and the ranks.
    void recordRunSetup(std::int64_t runId, const nlohmann::json& config, const RunEnvironment& environment);
    // All steps in one transaction.
    void appendSteps(std::int64_t runId, std::span<const StepMetrics> steps);

    std::vector<RunRecord> listRuns();
    std::optional<RunRecord> findRun(std::int64_t runId);
    // By id (all digits) or unique name; StoreError when a name is ambiguous.
    std::optional<RunRecord> findRun(const std::string& idOrName);
    std::vector<StepMetrics> steps(std::int64_t runId);
    // The run's steps in order, one at a time, until `visit` returns false: what an export of
    // millions of steps reads, never holding them all.
    void forEachStep(std::int64_t runId, const std::function<bool(const StepMetrics&)>& visit);
    std::int64_t stepCount(std::int64_t runId);

    // The timeline's spans (bridgebench/timeline.h; core/src/store/timeline_rows.cpp), in one
    // transaction. A span stored already (same run, rank, step, track, lane, start and kind) is
    // kept as it was.
    void appendTimeline(std::int64_t runId, std::span<const TimelineSpan> spans);
    // A run's spans with fromStep <= step <= toStep, by rank, step and start; none for a run
    // that recorded none (timeline=off, imports, runs stored before schema 7).
    std::vector<TimelineSpan> timeline(std::int64_t runId, std::int64_t fromStep = 0,
                                       std::int64_t toStep = std::numeric_limits<std::int64_t>::max());
    std::int64_t timelineSpanCount(std::int64_t runId);

    // The ops of profile_steps (bridgebench/op_profile.h; core/src/store/profile_rows.cpp), in one
    // transaction, after the run's ops stored already.
    void appendOps(std::int64_t runId, std::span<const OpEvent> ops);
    // A run's ops by rank, in the order they were stored; none for a run that profiled none
    // (profile_steps=0, imports, runs stored before schema 9).
    std::vector<OpEvent> ops(std::int64_t runId);
    std::int64_t opCount(std::int64_t runId);

    std::int64_t createStudy(StudyRecord study);
    // The newest study of that name, if any.
    std::optional<StudyRecord> findStudy(const std::string& name);
    std::vector<StudyRecord> listStudies();
    std::vector<RunRecord> runsInStudy(std::int64_t studyId);

    // A CPU's peaks, one per machine and precision (machine_peak.h); the first stored stays.
    std::vector<MachinePeak> machinePeaks();
    // Stores it unless its machine has a peak at its precision already; true when stored.
    bool recordMachinePeak(const MachinePeak& peak);

    // Runs marked Interrupted by this open (their process had died).
    std::int64_t interruptedAtOpen() const;
    // Why a StoreAccess::Reading open fell back to read-only; nullopt when it did not.
    const std::optional<std::string>& readOnlyReason() const;

    // Edits a user makes in the runs table (core/src/store/run_edits.cpp). Reference runs are
    // read-only: each of these throws StoreError for them, naming the run, and changes nothing.
    void renameRun(std::int64_t runId, const std::string& name);
    std::vector<std::string> tags(std::int64_t runId);
    // Every run's tags, sorted, keyed by run id (runs without tags are absent).
    std::map<std::int64_t, std::vector<std::string>> allTags();
    // Replaces a run's tags; blanks are dropped and duplicates merged.
    void setTags(std::int64_t runId, const std::vector<std::string>& tags);
    // Removes the runs with their steps and tags in one transaction; all or nothing. Returns
    // what restoreRuns() needs to put them back.
    std::vector<DeletedRun> deleteRuns(const std::vector<std::int64_t>& runIds);
    // Puts deleted runs back with their ids, uuids, steps and tags, in one transaction.
    void restoreRuns(const std::vector<DeletedRun>& runs);

private:
    void openForReading(const std::filesystem::path& file, std::optional<std::string> reason);

    struct Impl;
    std::unique_ptr<Impl> m_impl;
};

// $BRIDGEBENCH_DB, else $XDG_DATA_HOME/bridgebench/results.db (~/.local/share/...).
std::filesystem::path defaultDatabasePath();

}  // namespace bb
