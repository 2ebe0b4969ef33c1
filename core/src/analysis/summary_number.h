// A number from a stored run's summary: `missing` where the key is absent or holds something else
// (a database edited by hand, store/readable_run.h), so that no reader throws on it.
#pragma once

#include <nlohmann/json.hpp>

#include "bridgebench/result_store.h"

namespace bb {

inline double summaryNumber(const RunRecord& run, const char* key, double missing = 0.0) {
    const auto found = run.summary.find(key);
    return found != run.summary.end() && found->is_number() ? found->get<double>() : missing;
}

}  // namespace bb
