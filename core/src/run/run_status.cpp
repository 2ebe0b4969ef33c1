#include "bridgebench/run_status.h"

#include <array>
#include <utility>

namespace bb {

namespace {
// The strings are stored in the database: never rename one.
constexpr std::array<std::pair<RunStatus, std::string_view>, 5> kNames{{
    {RunStatus::Running, "running"},
    {RunStatus::Completed, "completed"},
    {RunStatus::Cancelled, "cancelled"},
    {RunStatus::Failed, "failed"},
    {RunStatus::Interrupted, "interrupted"},
}};
}  // namespace

std::string_view toString(RunStatus status) {
    for (const auto& [value, name] : kNames)
        if (value == status) return name;
    return "unknown";
}

std::optional<RunStatus> runStatusFromString(std::string_view text) {
    for (const auto& [value, name] : kNames)
        if (name == text) return value;
    return std::nullopt;
}

}  // namespace bb
