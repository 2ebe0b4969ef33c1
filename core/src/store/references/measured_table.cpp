#include "store/references/measured_table.h"

#include <SQLiteCpp/SQLiteCpp.h>
#include <fmt/format.h>

#include "bridgebench/errors.h"
#include "bridgebench/run_json.h"
#include "bridgebench/study_runs.h"
#include "store/device_name.h"
#include "formats/content_uuid.h"
#include "store/run_rows.h"

namespace bb {

namespace {

std::string requiredText(const nlohmann::json& object, const char* key, const std::string& context) {
    const auto found = object.find(key);
    if (found == object.end()) throw InputError(fmt::format("{}: {}: missing", context, key));
    if (!found->is_string() || found->get<std::string>().empty())
        throw InputError(fmt::format("{}: {}: expected a non-empty string, found {}", context, key, found->dump()));
    return found->get<std::string>();
}

// As the study's figures are named, so that a measured row reads like its neighbours. A peer's
// run keeps its own name, which says what ran ("Hugging Face Trainer (transformers 5.17, torch
// 2.11), workers 1, adamw_torch_fused"): two tables of one device must not read alike.
std::string referenceRunName(const RunRecord& run, const std::string& date, bool peer) {
    if (peer)
        return fmt::format("{} · {}x {} ({})", run.name, run.deviceCount.value_or(0),
                           run.deviceName.empty() ? run.deviceKind : run.deviceName, date);
    std::string name = fmt::format("{}x {} · workers {}", run.deviceCount.value_or(0),
                                   run.deviceName.empty() ? run.deviceKind : run.deviceName,
                                   run.workers ? std::to_string(*run.workers) : std::string("unknown"));
    if (run.deviceTransforms.value_or(false)) name += " + device-side loading";
    return name + " (" + date + ")";
}

bool hasUuid(SQLite::Database& db, const char* table, const std::string& uuid) {
    SQLite::Statement query(db, fmt::format("SELECT 1 FROM {} WHERE uuid = ?", table));
    query.bind(1, uuid);
    return query.executeStep();
}

}  // namespace

MeasuredTable measuredTableFromJson(const nlohmann::json& header, const nlohmann::json& runs,
                                    const std::string& context) {
    if (!header.is_object()) throw InputError(fmt::format("{}: the table header is not a JSON object", context));
    MeasuredTable table;
    table.study.kind = "reference";
    table.study.uuid = requiredText(header, "uuid", context);
    table.study.name = requiredText(header, "name", context);
    table.study.createdAt = requiredText(header, "created_at", context);
    const auto date = requiredText(header, "date", context);
    table.study.config = {{"date", date},
                          {"software", requiredText(header, "software", context)},
                          {"source", requiredText(header, "source", context)},
                          {"measured", true}};
    // Absent: BridgeBench's engine measured the runs. Otherwise the peer that did (its runs are
    // imported ones, e.g. "Hugging Face Trainer"), which keeps them apart from the engine's.
    std::string measuredWith;
    if (header.contains(kMeasuredWithKey)) {
        measuredWith = requiredText(header, kMeasuredWithKey, context);
        table.study.config[kMeasuredWithKey] = measuredWith;
    }

    if (!runs.is_object() || runs.value("format", std::string()) != "bridgebench-runs")
        throw InputError(fmt::format("{}: the runs are not a BridgeBench JSON export (format \"bridgebench-runs\")", context));
    if (runs.value("version", 0) != 1)
        throw InputError(fmt::format("{}: version: expected 1, found {}", context, runs.value("version", nlohmann::json()).dump()));
    const auto list = runs.find("runs");
    if (list == runs.end() || !list->is_array() || list->empty())
        throw InputError(fmt::format("{}: runs: the table holds no runs", context));
    for (std::size_t index = 0; index < list->size(); ++index) {
        const auto& json = (*list)[index];
        const auto where = fmt::format("{}: runs[{}]", context, index);
        RunData data;
        data.run = runRecordFromJson(json, where);
        const auto named = fmt::format("{} (\"{}\")", where, data.run.name);
        if (data.run.status != RunStatus::Completed)
            throw InputError(fmt::format("{}: status: {}; a reference must be a completed run", named,
                                         toString(data.run.status)));
        if (!data.run.deviceCount || *data.run.deviceCount < 1)
            throw InputError(fmt::format("{}: device_count: a measured reference needs how many devices ran it", named));
        const auto steps = json.find("steps");
        if (steps == json.end() || !steps->is_array() || steps->empty())
            throw InputError(fmt::format("{}: steps: a measured reference needs its steps", named));
        for (std::size_t step = 0; step < steps->size(); ++step)
            data.steps.push_back(stepFromJson((*steps)[step], fmt::format("{}: steps[{}]", named, step)));
        // Derived from the table, so that the measured run itself, imported or merged into the
        // same database before, keeps its row and its uuid.
        data.run.uuid = contentUuid(table.study.uuid + "/" + data.run.uuid);
        data.run.origin = RunOrigin::MeasuredReference;
        // A table exported before local runs were named by their GPU still says "cuda:0".
        data.run.deviceName = runDeviceName(data.run.deviceName, data.run.environment);
        if (!measuredWith.empty()) {
            data.run.environment.measuredWith = measuredWith;
            // "Hugging Face Trainer · workers 1, adamw_torch" (bench/peers/): what follows the measurer.
            const std::string prefix = measuredWith + " · ";
            if (data.run.name.starts_with(prefix) && data.run.name.size() > prefix.size())
                data.run.environment.peerConfiguration = data.run.name.substr(prefix.size());
        }
        data.run.name = referenceRunName(data.run, date, !measuredWith.empty());
        table.runs.push_back(std::move(data));
    }
    return table;
}

bool lacksMeasuredTable(SQLite::Database& db, const MeasuredTable& table) {
    if (!hasUuid(db, "studies", table.study.uuid)) return true;
    for (const auto& data : table.runs)
        if (!hasUuid(db, "runs", data.run.uuid)) return true;
    return false;
}

bool insertMeasuredTable(SQLite::Database& db, const MeasuredTable& table) {
    bool added = false;
    if (!hasUuid(db, "studies", table.study.uuid)) {
        SQLite::Statement insert(db, R"sql(
INSERT INTO studies (uuid, name, kind, config_json, created_at) VALUES (?, ?, 'reference', ?, ?))sql");
        insert.bind(1, table.study.uuid);
        insert.bind(2, table.study.name);
        insert.bind(3, table.study.config.dump());
        insert.bind(4, table.study.createdAt);
        insert.exec();
        added = true;
    }
    SQLite::Statement study(db, "SELECT id FROM studies WHERE uuid = ?");
    study.bind(1, table.study.uuid);
    study.executeStep();
    const auto studyId = study.getColumn(0).getInt64();
    for (const auto& data : table.runs) {
        if (hasUuid(db, "runs", data.run.uuid)) continue;
        auto run = data.run;
        run.studyId = studyId;
        insertStepRows(db, insertRunRow(db, run, ""), data.steps);
        added = true;
    }
    return added;
}

}  // namespace bb
