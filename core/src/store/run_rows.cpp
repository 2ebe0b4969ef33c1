#include "store/run_rows.h"

#include <SQLiteCpp/SQLiteCpp.h>

namespace bb {

std::int64_t insertRunRow(SQLite::Database& db, const RunRecord& run, const std::string& owner) {
    SQLite::Statement insert(db, R"sql(
INSERT INTO runs (uuid, name, source, status, error, device_kind, device_name, device_count, model,
                  precision, batch_size, workers, device_transforms, config_json, environment_json,
                  summary_json, owner, created_at, finished_at, study_id)
VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?))sql");
    int column = 1;
    insert.bind(column++, run.uuid);
    insert.bind(column++, run.name);
    insert.bind(column++, std::string(storedSource(run.origin)));
    insert.bind(column++, std::string(toString(run.status)));
    insert.bind(column++, run.error);
    insert.bind(column++, run.deviceKind);
    insert.bind(column++, run.deviceName);
    insert.bind(column++, static_cast<std::int64_t>(run.deviceCount.value_or(0)));  // 0: unknown
    insert.bind(column++, run.model);
    insert.bind(column++, run.precision);
    // The columns cannot hold "unknown": 0 and "off", which the store reads back as unknown
    // (result_store.cpp, readKnownFacts).
    insert.bind(column++, static_cast<std::int64_t>(run.batchSize.value_or(0)));
    insert.bind(column++, static_cast<std::int64_t>(run.workers.value_or(0)));
    insert.bind(column++, run.deviceTransforms.value_or(false) ? 1 : 0);
    insert.bind(column++, nlohmann::json(run.config).dump());
    insert.bind(column++, nlohmann::json(run.environment).dump());
    insert.bind(column++, nlohmann::json(run.summary).dump());
    insert.bind(column++, owner);
    insert.bind(column++, run.createdAt);
    insert.bind(column++, run.finishedAt);
    if (run.studyId > 0)
        insert.bind(column++, static_cast<std::int64_t>(run.studyId));
    else
        insert.bind(column++);  // NULL
    insert.exec();
    return db.getLastInsertRowid();
}

StepRowInserter::StepRowInserter(SQLite::Database& db)
    : m_insert(std::make_unique<SQLite::Statement>(db, R"sql(
INSERT INTO steps (run_id, step, timestamp_ms, wall_ms, samples, samples_per_s, data_wait_ms, h2d_ms,
                   forward_ms, backward_ms, optimizer_ms, loss, rss_bytes, cpu_util, device_mem_bytes,
                   device_transform_ms, load_ms, read_ms, decode_ms, transform_ms, collate_ms, comm_ms,
                   device_mem_peak_bytes, other_cpu)
VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?))sql")) {}

StepRowInserter::~StepRowInserter() = default;

void StepRowInserter::insert(std::int64_t runId, const StepMetrics& step) {
    SQLite::Statement& insert = *m_insert;
    int column = 1;
    insert.bind(column++, static_cast<std::int64_t>(runId));
    insert.bind(column++, static_cast<std::int64_t>(step.step));
    insert.bind(column++, step.timestampMs);
    insert.bind(column++, step.wallMs);
    insert.bind(column++, static_cast<std::int64_t>(step.samples));
    insert.bind(column++, step.samplesPerSec);
    insert.bind(column++, step.dataWaitMs);
    insert.bind(column++, step.hostToDeviceMs);
    insert.bind(column++, step.forwardMs);
    insert.bind(column++, step.backwardMs);
    insert.bind(column++, step.optimizerMs);
    insert.bind(column++, step.loss);
    insert.bind(column++, static_cast<std::int64_t>(step.rssBytes));
    insert.bind(column++, step.cpuUtilisation);
    insert.bind(column++, static_cast<std::int64_t>(step.deviceMemoryBytes));
    insert.bind(column++, step.deviceTransformMs);
    insert.bind(column++, step.loadMs);
    insert.bind(column++, step.readMs);
    insert.bind(column++, step.decodeMs);
    insert.bind(column++, step.transformMs);
    insert.bind(column++, step.collateMs);
    insert.bind(column++, step.commMs);
    insert.bind(column++, static_cast<std::int64_t>(step.deviceMemoryPeakBytes));
    insert.bind(column++, step.otherCpuCores);  // SQLite stores NaN (not measured) as NULL
    insert.exec();
    insert.reset();
}

void insertStepRows(SQLite::Database& db, std::int64_t runId, std::span<const StepMetrics> steps) {
    StepRowInserter inserter(db);
    for (const auto& step : steps) inserter.insert(runId, step);
}

}  // namespace bb
