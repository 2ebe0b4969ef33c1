#include "store/readable_run.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <functional>
#include <limits>
#include <map>

#include "bridgebench/run_summary.h"
#include "util/json_excerpt.h"

namespace bb {

namespace {

using Readable = std::function<bool(const std::string& key, const nlohmann::json& value)>;

std::vector<std::string> keepReadable(nlohmann::json& object, const std::string& what, const Readable& readable) {
    std::vector<std::string> problems;
    if (!object.is_object()) {
        problems.push_back("the " + what + " is " + jsonExcerpt(object) + ", not an object: left out");
        object = nlohmann::json::object();
        return problems;
    }
    for (auto entry = object.begin(); entry != object.end();) {
        if (readable(entry.key(), entry.value())) {
            ++entry;
            continue;
        }
        problems.push_back(what + " key '" + entry.key() + "' holds " + jsonExcerpt(entry.value()) +
                           ", which this build cannot read there: left out");
        entry = object.erase(entry);
    }
    return problems;
}

enum class Kind { Number, Count, CoreCount, String, Boolean, Array, Object };

// A whole number from 0 to `most`, as a count read into an int must be: 1e308 read as an int is
// undefined (it came out as INT_MIN, and the diagnosis's thread arithmetic overflowed on it).
bool isCount(const nlohmann::json& value, double most) {
    if (value.is_number_unsigned()) return value.get<std::uint64_t>() <= most;
    if (value.is_number_integer()) return value.get<std::int64_t>() >= 0 && value.get<std::int64_t>() <= most;
    if (!value.is_number_float()) return false;
    const double number = value.get<double>();
    return number >= 0 && number <= most && std::floor(number) == number;
}

bool isKind(const nlohmann::json& value, Kind kind) {
    // The diagnosis predicts every worker count up to the cores, and two billion settings would not
    // fit in memory: no machine has more logical cores than this, and no run more threads.
    constexpr double kMostCores = 65536;
    switch (kind) {
    case Kind::Number: return value.is_number();
    case Kind::Count: return isCount(value, std::numeric_limits<int>::max());
    case Kind::CoreCount: return isCount(value, kMostCores);
    case Kind::String: return value.is_string();
    case Kind::Boolean: return value.is_boolean();
    case Kind::Array: return value.is_array();
    case Kind::Object: return value.is_object();
    }
    return false;
}

// The keys read with a typed default (`value(key, 3)`), which throws on another type; the other
// keys are read through find() and a type check, or not at all.
Readable byKind(std::map<std::string, Kind> kinds) {
    return [kinds = std::move(kinds)](const std::string& key, const nlohmann::json& value) {
        const auto kind = kinds.find(key);
        return kind == kinds.end() || isKind(value, kind->second);
    };
}

// RunSummary's reader is the schema: a value is readable when the reader takes it.
bool readsAsSummary(const nlohmann::json& summary) {
    try {
        (void)summary.get<RunSummary>();
        return true;
    } catch (const nlohmann::json::exception&) {
        return false;
    }
}

bool readableOutsideSummary(const std::string& key, const nlohmann::json& value) {
    if (key == "headline_only") return value.is_boolean();
    // Copied whole by RunSummary's reader; the diagnosis reads this one figure of it.
    if (key == "distributed")
        return value.is_object() && (!value.contains("allreduce_full_ms") || value["allreduce_full_ms"].is_number());
    return true;
}

}  // namespace

std::vector<std::string> keepReadableSummary(nlohmann::json& summary) {
    // Every stored run is read through here (a list of thousands): one pass of the reader when
    // all of it reads, key by key only when something does not.
    if (summary.is_object() && readsAsSummary(summary)) {
        bool whole = true;
        for (const auto& [key, value] : summary.items()) whole = whole && readableOutsideSummary(key, value);
        if (whole) return {};
    }
    return keepReadable(summary, "summary", [](const std::string& key, const nlohmann::json& value) {
        if (!readableOutsideSummary(key, value)) return false;
        nlohmann::json alone = nlohmann::json::object();
        // Read only beside the mean it qualifies.
        if (key == "other_cpu_cores_p95") alone["other_cpu_cores"] = 0.0;
        alone[key] = value;
        return readsAsSummary(alone);
    });
}

std::vector<std::string> keepReadableConfig(nlohmann::json& config) {
    static const Readable readable = byKind(
        {{"warmup_steps", Kind::Count}, {"threads", Kind::CoreCount}, {"device", Kind::String}, {"note", Kind::String},
         {"image_size", Kind::Count}, {"text_length", Kind::Count}, {"max_seq_length", Kind::Count},
         {"profile_steps", Kind::Count}, {"model_config", Kind::Object}});
    return keepReadable(config, "config", readable);
}

std::vector<std::string> keepReadableEnvironment(nlohmann::json& environment) {
    static const Readable readable = byKind({{"date", Kind::String},
                                             {"source", Kind::String},
                                             {"software", Kind::String},
                                             {"measured_with", Kind::String},
                                             {"peer_configuration", Kind::String},
                                             {"hostname", Kind::String},
                                             {"cpu_model", Kind::String},
                                             {"gpu_name", Kind::String},
                                             {"format", Kind::String},
                                             {"imported_from", Kind::String},
                                             {"reported", Kind::Object},
                                             {"step_fields", Kind::Array},
                                             {"inferred", Kind::Array},
                                             {"ranks", Kind::Array},
                                             {"provenance", Kind::Object},
                                             {"logical_cores", Kind::CoreCount},
                                             {"intra_op_threads", Kind::CoreCount},
                                             {"intra_op_threads_instead_of", Kind::CoreCount},
                                             {"load_average_1m", Kind::Number}});
    return keepReadable(environment, "environment", [](const std::string& key, const nlohmann::json& value) {
        // The diagnosis counts the ranks on rank 0's host.
        if (key == "ranks")
            return value.is_array() && std::all_of(value.begin(), value.end(), [](const nlohmann::json& rank) {
                       return rank.is_object() && (!rank.contains("host") || rank["host"].is_string());
                   });
        return readable(key, value);
    });
}

}  // namespace bb
