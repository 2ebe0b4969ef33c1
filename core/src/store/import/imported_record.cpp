#include "store/import/imported_record.h"

#include <chrono>

#include "store/import/content_uuid.h"
#include "util/time_format.h"

namespace bb {

RunRecord importedRecord(const std::string& defaultName, const ImportOptions& options) {
    RunRecord run;
    run.name = options.name.empty() ? defaultName : options.name;
    run.source = "imported";
    run.status = RunStatus::Completed;
    run.deviceKind = options.deviceKind;
    run.deviceName = options.deviceName;
    run.deviceCount = options.deviceCount.value_or(1);
    return run;
}

void finishImportedRun(RunData& data, std::string_view format) {
    if (data.run.uuid.empty()) data.run.uuid = importedRunUuid(data, format);
    const auto now = isoUtcNow();
    using Clock = std::chrono::system_clock;
    // A timestamp the clock cannot hold (past 2262 in nanoseconds, infinite, NaN: a corrupt or
    // foreign file) says no more about when the run happened than a missing one; converting it
    // would be undefined behaviour.
    const double maxClockMs = std::chrono::duration<double, std::milli>(Clock::duration::max()).count();
    // When the run happened, where the files say so; the import time otherwise.
    double firstMs = 0;
    double lastMs = 0;
    for (const auto& step : data.steps) {
        if (!(step.timestampMs > 0 && step.timestampMs < maxClockMs)) continue;
        if (firstMs == 0) firstMs = step.timestampMs;
        lastMs = step.timestampMs;
    }
    auto at = [](double ms) {
        return Clock::time_point(std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double, std::milli>(ms)));
    };
    if (data.run.createdAt.empty()) data.run.createdAt = firstMs > 0 ? isoUtc(at(firstMs)) : now;
    if (data.run.finishedAt.empty()) data.run.finishedAt = lastMs > 0 ? isoUtc(at(lastMs)) : data.run.createdAt;
    data.run.environment["imported_at"] = now;
}

}  // namespace bb
