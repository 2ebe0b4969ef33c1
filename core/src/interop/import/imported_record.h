// The RunRecord fields every importer fills the same way.
#pragma once

#include <string>

#include "bridgebench/run_import.h"

namespace bb {

// source "imported", status completed, device fields from the options (count 1 unless given),
// createdAt now, unless the caller sets them later.
RunRecord importedRecord(const std::string& defaultName, const ImportOptions& options);

// Sets the content-derived uuid (unless the files gave one) and a createdAt from the first step's timestamp when it has one.
void finishImportedRun(RunData& run, std::string_view format);

// When a run's steps say it happened: the first and last timestamp a clock can hold.
struct ImportedTimeSpan {
    double firstMs = 0;
    double lastMs = 0;
    void add(const StepMetrics& step);
};

// finishImportedRun() without the uuid, for steps not held: createdAt and finishedAt from the
// span (the import time where the steps have none) and the import time in the environment.
void finishImportedTimes(RunRecord& run, const ImportedTimeSpan& span);

}  // namespace bb
