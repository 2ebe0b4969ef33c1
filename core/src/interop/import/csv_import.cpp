// CSV tables held in memory into runs (CsvRunRows reads the rows as CsvImport does).
#include <optional>
#include <vector>

#include "bridgebench/csv_table.h"
#include "bridgebench/run_import.h"
#include "interop/import/csv_run_rows.h"
#include "interop/import/imported_record.h"
#include "interop/import/imported_summary.h"

namespace bb {

ImportBatch readCsvImport(const std::filesystem::path& file, const ImportOptions& options) {
    return readCsvImport(CsvTable::read(file), options);
}

ImportBatch readCsvImport(const CsvTable& table, const ImportOptions& options) {
    CsvRunRows rows(table.columns(), table.path(), options);
    std::vector<RunData> runs;
    std::vector<std::optional<double>> headlines;
    std::vector<std::optional<double>> durations;
    for (std::size_t index = 0; index < table.rowCount(); ++index) {
        const CsvRow row = table.row(index);
        const CsvRunRows::Row read = rows.read(row);
        if (read.firstOfRun) {
            runs.push_back({rows.runRecord(row), {}, {}});
            headlines.emplace_back();
            durations.emplace_back();
        }
        if (read.headline) headlines[read.run] = read.headline;
        if (read.durationS) durations[read.run] = read.durationS;
        if (read.step) runs[read.run].steps.push_back(*read.step);
    }
    rows.finish();

    ImportBatch batch;
    for (std::size_t run = 0; run < runs.size(); ++run) {
        RunData& data = runs[run];
        rows.finishRun(data.run, run, importedSummary(data.steps, {headlines[run], durations[run], {}, {}}, rows.measuredParts(run)),
                       headlines[run].has_value(), rows.filledStepFields(run));
        finishImportedRun(data, "csv");
        batch.runs.push_back(std::move(data));
    }
    return batch;
}

}  // namespace bb
