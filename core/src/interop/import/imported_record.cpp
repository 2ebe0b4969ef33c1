#include "interop/import/imported_record.h"

#include <chrono>

#include "formats/content_uuid.h"
#include "util/time_format.h"

namespace bb {

RunRecord importedRecord(const std::string& defaultName, const ImportOptions& options) {
    RunRecord run;
    run.name = options.name.empty() ? defaultName : options.name;
    run.origin = RunOrigin::Import;
    run.status = RunStatus::Completed;
    run.deviceKind = options.deviceKind;
    run.deviceName = options.deviceName;
    run.deviceCount = options.deviceCount;  // unknown unless the user or the files say
    return run;
}

void ImportedTimeSpan::add(const StepMetrics& step) {
    using Clock = std::chrono::system_clock;
    // A timestamp the clock cannot hold (past 2262 in nanoseconds, infinite, NaN: a corrupt or
    // foreign file) says no more about when the run happened than a missing one; converting it
    // would be undefined behaviour.
    const double maxClockMs = std::chrono::duration<double, std::milli>(Clock::duration::max()).count();
    if (!(step.timestampMs > 0 && step.timestampMs < maxClockMs)) return;
    if (firstMs == 0) firstMs = step.timestampMs;
    lastMs = step.timestampMs;
}

void finishImportedTimes(RunRecord& run, const ImportedTimeSpan& span) {
    const auto now = isoUtcNow();
    using Clock = std::chrono::system_clock;
    auto at = [](double ms) {
        return Clock::time_point(std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double, std::milli>(ms)));
    };
    // When the run happened, where the files say so; the import time otherwise.
    if (run.createdAt.empty()) run.createdAt = span.firstMs > 0 ? isoUtc(at(span.firstMs)) : now;
    if (run.finishedAt.empty()) run.finishedAt = span.lastMs > 0 ? isoUtc(at(span.lastMs)) : run.createdAt;
    run.environment.facts["imported_at"] = now;
}

void finishImportedRun(RunData& data, std::string_view format) {
    if (data.run.uuid.empty()) data.run.uuid = importedRunUuid(data, format);
    ImportedTimeSpan span;
    for (const auto& step : data.steps) span.add(step);
    finishImportedTimes(data.run, span);
}

}  // namespace bb
