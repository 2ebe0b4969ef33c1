#include "bridgebench/run_environment.h"

#include <algorithm>
#include <limits>
#include <type_traits>

#include <fmt/format.h>

namespace bb {

namespace {

// Takes `key` out of `rest` into `field` when it has the field's type; otherwise leaves it there.
bool take(nlohmann::json& rest, const char* key, std::string& field) {
    const auto found = rest.find(key);
    if (found == rest.end() || !found->is_string()) return false;
    field = found->get<std::string>();
    rest.erase(found);
    return true;
}

void take(nlohmann::json& rest, const char* key, std::optional<int>& field) {
    const auto found = rest.find(key);
    if (found == rest.end() || !found->is_number_integer()) return;
    const auto value = found->get<std::int64_t>();
    if (value < 0 || value > std::numeric_limits<int>::max()) return;
    field = static_cast<int>(value);
    rest.erase(found);
}

void take(nlohmann::json& rest, const char* key, std::optional<double>& field) {
    const auto found = rest.find(key);
    if (found == rest.end() || !found->is_number()) return;
    field = found->get<double>();
    rest.erase(found);
}

template <typename T>
struct IsOptional : std::false_type {};
template <typename T>
struct IsOptional<std::optional<T>> : std::true_type {};

// An array (or, `object`, an object) of strings into `field`; anything else stays as stored.
template <typename Field>
void takeStrings(nlohmann::json& rest, const char* key, bool object, Field& field) {
    const auto found = rest.find(key);
    if (found == rest.end() || (object ? !found->is_object() : !found->is_array()) ||
        !std::all_of(found->begin(), found->end(), [](const nlohmann::json& item) { return item.is_string(); }))
        return;
    if constexpr (IsOptional<Field>::value)
        field = found->template get<typename Field::value_type>();
    else
        field = found->template get<Field>();
    rest.erase(found);
}

void put(nlohmann::json& json, const char* key, const std::string& value) {
    if (!value.empty()) json[key] = value;
}

template <typename T>
void put(nlohmann::json& json, const char* key, const std::optional<T>& value) {
    if (value) json[key] = *value;
}

}  // namespace

std::optional<double> RunEnvironment::reportedNumber(const char* key) const {
    if (!reported.is_object()) return std::nullopt;
    const auto found = reported.find(key);
    return found != reported.end() && found->is_number() ? std::optional(found->get<double>()) : std::nullopt;
}

void from_json(const nlohmann::json& json, RunEnvironment& environment) {
    environment = {};
    if (!json.is_object()) return;
    nlohmann::json rest = json;
    take(rest, "hostname", environment.hostname);
    take(rest, "cpu_model", environment.cpuModel);
    take(rest, "logical_cores", environment.logicalCores);
    take(rest, "intra_op_threads", environment.intraOpThreads);
    take(rest, "intra_op_threads_instead_of", environment.intraOpThreadsInsteadOf);
    take(rest, "load_average_1m", environment.loadAverage1m);
    // An engine run that could not read its load average stored -1 for it.
    if (environment.loadAverage1m && *environment.loadAverage1m < 0) environment.loadAverage1m.reset();
    take(rest, "gpu_name", environment.gpuName);
    if (const auto ranks = rest.find("ranks");
        ranks != rest.end() && ranks->is_array() &&
        std::all_of(ranks->begin(), ranks->end(), [](const nlohmann::json& rank) { return rank.is_object(); })) {
        for (auto rank : *ranks) {
            RankEnvironment typed;
            take(rank, "host", typed.host);
            typed.facts = std::move(rank);
            environment.ranks.push_back(std::move(typed));
        }
        rest.erase(ranks);
    }
    take(rest, "date", environment.date);
    take(rest, "software", environment.software);
    take(rest, "source", environment.source);
    take(rest, "measured_with", environment.measuredWith);
    take(rest, "peer_configuration", environment.peerConfiguration);
    if (const auto format = rest.find("format"); format != rest.end() && format->is_string())
        if (const auto known = storedFormatNamed(format->get<std::string>())) {
            environment.importFormat = known;
            rest.erase(format);
        }
    take(rest, "imported_from", environment.importedFrom);
    if (const auto reported = rest.find("reported"); reported != rest.end() && reported->is_object()) {
        environment.reported = *reported;
        rest.erase(reported);
    }
    takeStrings(rest, "step_fields", false, environment.measuredStepFields);
    takeStrings(rest, "provenance", true, environment.provenance);
    takeStrings(rest, "inferred", false, environment.inferred);
    // Trainer imports before the list said so in a flag of their own.
    if (const auto flag = rest.find("device_count_inferred"); flag != rest.end() && flag->is_boolean()) {
        if (flag->get<bool>()) environment.inferred.insert("device_count");
        rest.erase(flag);
    }
    environment.facts = std::move(rest);
}

void to_json(nlohmann::json& json, const RunEnvironment& environment) {
    json = environment.facts.is_object() ? environment.facts : nlohmann::json::object();
    put(json, "hostname", environment.hostname);
    put(json, "cpu_model", environment.cpuModel);
    put(json, "logical_cores", environment.logicalCores);
    put(json, "intra_op_threads", environment.intraOpThreads);
    put(json, "intra_op_threads_instead_of", environment.intraOpThreadsInsteadOf);
    put(json, "load_average_1m", environment.loadAverage1m);
    put(json, "gpu_name", environment.gpuName);
    if (!environment.ranks.empty()) {
        auto& ranks = json["ranks"] = nlohmann::json::array();
        for (const auto& rank : environment.ranks) {
            nlohmann::json one = rank.facts.is_object() ? rank.facts : nlohmann::json::object();
            put(one, "host", rank.host);
            ranks.push_back(std::move(one));
        }
    }
    put(json, "date", environment.date);
    put(json, "software", environment.software);
    put(json, "source", environment.source);
    put(json, "measured_with", environment.measuredWith);
    put(json, "peer_configuration", environment.peerConfiguration);
    if (environment.importFormat && !storedFormatName(*environment.importFormat).empty())
        json["format"] = std::string(storedFormatName(*environment.importFormat));
    put(json, "imported_from", environment.importedFrom);
    if (environment.reported.is_object() && !environment.reported.empty()) json["reported"] = environment.reported;
    if (environment.measuredStepFields) json["step_fields"] = *environment.measuredStepFields;
    if (!environment.provenance.empty()) json["provenance"] = environment.provenance;
    if (!environment.inferred.empty()) json["inferred"] = environment.inferred;
}

std::string machineIdentity(const RunEnvironment& environment) {
    if (environment.hostname.empty() || environment.cpuModel.empty() || environment.cpuModel == "unknown" ||
        !environment.logicalCores || *environment.logicalCores <= 0)
        return {};
    return fmt::format("{} · {} · {} logical cores", environment.hostname, environment.cpuModel,
                       *environment.logicalCores);
}

}  // namespace bb
