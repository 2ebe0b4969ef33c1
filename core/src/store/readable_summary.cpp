#include "store/readable_summary.h"

#include "bridgebench/run_summary.h"
#include "util/json_excerpt.h"

namespace bb {

namespace {

// RunSummary's reader is the schema: a value is readable when the reader takes it. Keys it
// does not read are checked by type where another reader takes them.
bool readable(const std::string& key, const nlohmann::json& value) {
    if (key == "headline_only") return value.is_boolean();
    nlohmann::json alone = nlohmann::json::object();
    // Read only beside the mean it qualifies.
    if (key == "other_cpu_cores_p95") alone["other_cpu_cores"] = 0.0;
    alone[key] = value;
    try {
        (void)alone.get<RunSummary>();
        return true;
    } catch (const nlohmann::json::exception&) {
        return false;
    }
}

}  // namespace

std::vector<std::string> keepReadableSummary(nlohmann::json& summary) {
    std::vector<std::string> problems;
    if (!summary.is_object()) {
        problems.push_back("the summary is " + jsonExcerpt(summary) + ", not an object: left out");
        summary = nlohmann::json::object();
        return problems;
    }
    for (auto entry = summary.begin(); entry != summary.end();) {
        if (readable(entry.key(), entry.value())) {
            ++entry;
            continue;
        }
        problems.push_back("summary key '" + entry.key() + "' holds " + jsonExcerpt(entry.value()) +
                           ", which this build cannot read there: left out");
        entry = summary.erase(entry);
    }
    return problems;
}

}  // namespace bb
