#include "store/reference_runs.h"

#include <SQLiteCpp/SQLiteCpp.h>
#include <nlohmann/json.hpp>

namespace bb {

namespace {

struct ReferenceTable {
    const char* uuid;  // fixed, so that merging databases never duplicates them
    const char* name;
    const char* date;       // as the blog gives it
    const char* createdAt;  // ISO form for sorting; month precision where the blog gives no day
    const char* software;
    const char* source;
};

struct ReferenceFigure {
    const char* uuid;
    int table;  // index into kTables
    const char* deviceKind;
    const char* deviceName;
    int batchSize;
    int workers;
    bool mediaPipeline;
    const char* note;
    double samplesPerSec;
};

constexpr const char* kBlog =
    "Hugging Face blog, \"Accelerating Vision-Language Models: BridgeTower on Habana Gaudi2\"";

constexpr ReferenceTable kTables[] = {
    {"6b1d0c5e-2a57-4b7e-9d51-8a1f3c2e0001", "BridgeTower study, August 2023 update", "29 Aug 2023",
     "2023-08-29T00:00:00Z", "Optimum Habana / Transformers as of the 29 Aug 2023 update", kBlog},
    {"6b1d0c5e-2a57-4b7e-9d51-8a1f3c2e0002", "BridgeTower study, June 2023", "June 2023",
     "2023-06-01T00:00:00Z", "Optimum Habana 1.6", kBlog},
};

constexpr ReferenceFigure kFigures[] = {
    {"0f0c2a9e-0a11-4c3e-8b7a-5d2e4f6a0101", 0, "hpu", "Gaudi2", 48, 0, false, "", 601.5},
    {"0f0c2a9e-0a11-4c3e-8b7a-5d2e4f6a0102", 0, "hpu", "Gaudi2", 48, 1, false, "", 747.4},
    {"0f0c2a9e-0a11-4c3e-8b7a-5d2e4f6a0103", 0, "hpu", "Gaudi2", 48, 2, false, "", 768.7},
    {"0f0c2a9e-0a11-4c3e-8b7a-5d2e4f6a0104", 0, "hpu", "Gaudi2", 48, 2, true, "media pipeline", 847.7},
    {"0f0c2a9e-0a11-4c3e-8b7a-5d2e4f6a0105", 0, "cuda", "H100", 48, 0, false, "", 336.5},
    {"0f0c2a9e-0a11-4c3e-8b7a-5d2e4f6a0106", 0, "cuda", "H100", 48, 1, false, "", 580.1},
    {"0f0c2a9e-0a11-4c3e-8b7a-5d2e4f6a0107", 0, "cuda", "H100", 48, 2, false, "", 602.1},
    {"0f0c2a9e-0a11-4c3e-8b7a-5d2e4f6a0108", 0, "cuda", "A100 80GB", 48, 0, false, "", 227.5},
    {"0f0c2a9e-0a11-4c3e-8b7a-5d2e4f6a0109", 0, "cuda", "A100 80GB", 48, 1, false, "", 339.7},
    {"0f0c2a9e-0a11-4c3e-8b7a-5d2e4f6a0110", 0, "cuda", "A100 80GB", 48, 2, false, "", 345.4},
    {"0f0c2a9e-0a11-4c3e-8b7a-5d2e4f6a0201", 1, "hpu", "Gaudi2", 40, 0, false, "", 532.4},
    {"0f0c2a9e-0a11-4c3e-8b7a-5d2e4f6a0202", 1, "hpu", "Gaudi2", 40, 1, false, "", 639.7},
    {"0f0c2a9e-0a11-4c3e-8b7a-5d2e4f6a0203", 1, "hpu", "Gaudi2", 40, 1, false, "fast_ddp", 705.9},
    {"0f0c2a9e-0a11-4c3e-8b7a-5d2e4f6a0204", 1, "hpu", "Gaudi2", 40, 1, true, "fast_ddp + media pipeline", 802.1},
    {"0f0c2a9e-0a11-4c3e-8b7a-5d2e4f6a0205", 1, "cuda", "A100 80GB", 32, 0, false, "", 188.6},
    {"0f0c2a9e-0a11-4c3e-8b7a-5d2e4f6a0206", 1, "cuda", "A100 80GB", 32, 1, false, "", 254.7},
};

constexpr const char* kModel = "BridgeTower/bridgetower-large-itm-mlm-itc";
constexpr int kDeviceCount = 8;

}  // namespace

void insertReferenceRuns(SQLite::Database& db) {
    SQLite::Statement addStudy(db, R"sql(
INSERT INTO studies (uuid, name, kind, config_json, created_at) VALUES (?, ?, 'reference', ?, ?))sql");
    std::int64_t studyIds[std::size(kTables)] = {};
    for (std::size_t index = 0; index < std::size(kTables); ++index) {
        const auto& table = kTables[index];
        const nlohmann::json info = {{"date", table.date}, {"software", table.software}, {"source", table.source}};
        addStudy.bind(1, table.uuid);
        addStudy.bind(2, table.name);
        addStudy.bind(3, info.dump());
        addStudy.bind(4, table.createdAt);
        addStudy.exec();
        addStudy.reset();
        studyIds[index] = db.getLastInsertRowid();
    }

    SQLite::Statement addRun(db, R"sql(
INSERT INTO runs (uuid, name, source, status, device_kind, device_name, device_count, model, precision,
                  batch_size, workers, device_transforms, config_json, environment_json, summary_json,
                  study_id, created_at, finished_at)
VALUES (?, ?, 'reference', 'completed', ?, ?, ?, ?, 'bf16', ?, ?, ?, ?, ?, ?, ?, ?, ?))sql");
    for (const auto& figure : kFigures) {
        const auto& table = kTables[figure.table];
        std::string name = std::to_string(kDeviceCount) + "x " + figure.deviceName + " · workers " +
                           std::to_string(figure.workers);
        if (*figure.note) name += std::string(" + ") + figure.note;
        name += std::string(" (") + table.date + ")";
        const nlohmann::json config = {
            {"model", kModel},        {"dataset", "jnlpba/newyorker_caption_contest"},
            {"batch_size", figure.batchSize}, {"precision", "bf16"},
            {"workers", figure.workers}, {"device_transforms", figure.mediaPipeline},
            {"warmup_steps", 3},      {"note", figure.note}};
        const nlohmann::json environment = {{"device_name", figure.deviceName},
                                            {"device_count", kDeviceCount},
                                            {"software", table.software},
                                            {"source", table.source},
                                            {"date", table.date}};
        // The blog gives one global figure per configuration; percentiles are unknown.
        const nlohmann::json summary = {{"median_samples_per_s", figure.samplesPerSec},
                                        {"mean_samples_per_s", figure.samplesPerSec},
                                        {"warmup_steps", 3},
                                        {"headline_only", true}};
        int column = 1;
        addRun.bind(column++, figure.uuid);
        addRun.bind(column++, name);
        addRun.bind(column++, figure.deviceKind);
        addRun.bind(column++, figure.deviceName);
        addRun.bind(column++, kDeviceCount);
        addRun.bind(column++, kModel);
        addRun.bind(column++, figure.batchSize);
        addRun.bind(column++, figure.workers);
        addRun.bind(column++, figure.mediaPipeline ? 1 : 0);
        addRun.bind(column++, config.dump());
        addRun.bind(column++, environment.dump());
        addRun.bind(column++, summary.dump());
        addRun.bind(column++, static_cast<std::int64_t>(studyIds[figure.table]));
        addRun.bind(column++, table.createdAt);
        addRun.bind(column++, table.createdAt);
        addRun.exec();
        addRun.reset();
    }
}

}  // namespace bb
