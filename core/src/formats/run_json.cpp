#include "bridgebench/run_json.h"

#include <fmt/format.h>

#include "bridgebench/errors.h"
#include "formats/step_fields.h"

namespace bb {

namespace {

template <typename T>
void readOptional(const nlohmann::json& json, const char* key, T& out, const std::string& context) {
    const auto found = json.find(key);
    if (found == json.end() || found->is_null()) return;
    try {
        out = found->get<T>();
    } catch (const nlohmann::json::exception&) {
        throw InputError(fmt::format("{}: {}: expected {}, found {}", context, key,
                                     std::is_same_v<T, std::string> ? "a string"
                                     : std::is_same_v<T, bool>      ? "true or false"
                                                                    : "a number",
                                     found->dump()));
    }
}

template <typename T>
void readOptional(const nlohmann::json& json, const char* key, std::optional<T>& out, const std::string& context) {
    T value{};
    const auto found = json.find(key);
    if (found == json.end() || found->is_null()) return;
    readOptional(json, key, value, context);
    out = value;
}

template <typename T>
nlohmann::json orNull(const std::optional<T>& value) {
    return value ? nlohmann::json(*value) : nlohmann::json();
}

}  // namespace

nlohmann::json runRecordToJson(const RunRecord& run) {
    return {{"id", run.id},
            {"uuid", run.uuid},
            {"name", run.name},
            {"source", std::string(storedSource(run.origin))},
            {"status", std::string(toString(run.status))},
            {"error", run.error},
            {"device_kind", run.deviceKind},
            {"device_name", run.deviceName},
            {"device_count", orNull(run.deviceCount)},
            {"model", run.model},
            {"precision", run.precision},
            {"batch_size", orNull(run.batchSize)},
            {"workers", orNull(run.workers)},
            {"device_transforms", orNull(run.deviceTransforms)},
            {"config", run.config},
            {"environment", run.environment},
            {"summary", run.summary},
            {"created_at", run.createdAt},
            {"finished_at", run.finishedAt}};
}

RunRecord runRecordFromJson(const nlohmann::json& json, const std::string& context) {
    if (!json.is_object()) throw InputError(fmt::format("{}: expected a JSON object for a run", context));
    RunRecord run;
    for (const char* key : {"uuid", "name"})
        if (!json.contains(key)) throw InputError(fmt::format("{}: {}: missing", context, key));
    readOptional(json, "uuid", run.uuid, context);
    readOptional(json, "name", run.name, context);
    std::string source = "local";
    readOptional(json, "source", source, context);
    std::string status = "completed";
    readOptional(json, "status", status, context);
    const auto parsed = runStatusFromString(status);
    if (!parsed) throw InputError(fmt::format("{}: status: unknown value '{}'", context, status));
    run.status = *parsed;
    readOptional(json, "error", run.error, context);
    readOptional(json, "device_kind", run.deviceKind, context);
    readOptional(json, "device_name", run.deviceName, context);
    readOptional(json, "device_count", run.deviceCount, context);
    if (const auto count = json.find("device_count"); count != json.end() && count->is_null()) run.deviceCount.reset();
    readOptional(json, "model", run.model, context);
    readOptional(json, "precision", run.precision, context);
    readOptional(json, "batch_size", run.batchSize, context);
    readOptional(json, "workers", run.workers, context);
    readOptional(json, "device_transforms", run.deviceTransforms, context);
    nlohmann::json summary = nlohmann::json::object();
    nlohmann::json config = nlohmann::json::object();
    nlohmann::json environment = nlohmann::json::object();
    for (auto [key, target] : {std::pair{"config", &config}, std::pair{"environment", &environment},
                               std::pair{"summary", &summary}}) {
        const auto found = json.find(key);
        if (found == json.end()) continue;
        if (!found->is_object()) throw InputError(fmt::format("{}: {}: expected an object", context, key));
        *target = *found;
    }
    run.config = config.get<RunSettings>();
    run.environment = environment.get<RunEnvironment>();
    try {
        run.summary = summary.get<RunSummary>();
    } catch (const nlohmann::json::exception& error) {
        throw InputError(fmt::format("{}: summary: {}", context, error.what()));
    }
    const auto origin = originFromStored(source, run.summary.headlineOnly, !run.environment.measuredWith.empty());
    if (!origin)
        throw InputError(fmt::format("{}: source: unknown value '{}' (local, imported or reference)", context, source));
    run.origin = *origin;
    readOptional(json, "created_at", run.createdAt, context);
    readOptional(json, "finished_at", run.finishedAt, context);
    return run;
}

nlohmann::json stepToJson(const StepMetrics& step, const MeasuredStepFields& measured) {
    nlohmann::json out = nlohmann::json::object();
    for (const auto& field : stepFields()) {
        if (!measured.measured(field, step))
            out[std::string(field.name)] = nullptr;
        else if (field.integer)
            out[std::string(field.name)] = static_cast<std::int64_t>(field.get(step));
        else
            out[std::string(field.name)] = field.get(step);
    }
    return out;
}

StepMetrics stepFromJson(const nlohmann::json& json, const std::string& context) {
    if (!json.is_object()) throw InputError(fmt::format("{}: expected a JSON object for a step", context));
    StepMetrics step;
    for (const auto& field : stepFields()) {
        const auto found = json.find(std::string(field.name));
        if (found == json.end() || found->is_null()) continue;
        if (!found->is_number())
            throw InputError(fmt::format("{}: {}: expected a number, found {}", context, field.name, found->dump()));
        field.set(step, found->get<double>());
    }
    return step;
}

nlohmann::json runsToJson(const std::vector<RunData>& runs) {
    nlohmann::json list = nlohmann::json::array();
    for (const auto& data : runs) {
        auto run = runRecordToJson(data.run);
        run["tags"] = data.tags;
        nlohmann::json steps = nlohmann::json::array();
        const MeasuredStepFields measured(data.run);
        for (const auto& step : data.steps) steps.push_back(stepToJson(step, measured));
        run["steps"] = std::move(steps);
        list.push_back(std::move(run));
    }
    return {{"format", "bridgebench-runs"}, {"version", 1}, {"runs", std::move(list)}};
}

}  // namespace bb
