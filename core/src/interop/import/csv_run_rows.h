// The rows of a CSV import as runs and steps: rows grouped by the `run` column (one run named
// after the file when there is none), steps where `step` is filled, the run's own fields from
// its first row. Checked a row at a time, so that a file may stream through (CsvImport) or be
// held (readCsvImport) and be read alike.
#pragma once

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "bridgebench/csv_reader.h"
#include "bridgebench/run_import.h"
#include "formats/step_fields.h"
#include "interop/import/imported_record.h"

namespace bb {

class CsvRunRows {
public:
    // Each run costs memory until the file is through (its summary's figures); a file of a
    // million one-row runs is refused here rather than held.
    static constexpr std::size_t kMaxRuns = 100'000;

    // Throws InputError when the header has no throughput column.
    CsvRunRows(const std::vector<std::string>& columns, std::filesystem::path file, ImportOptions options);

    struct Row {
        std::size_t run = 0;                // index into runNames(), in the order runs first appear
        bool firstOfRun = false;
        std::optional<StepMetrics> step;    // none for a row of run fields only
        std::optional<double> headline;     // headline_samples_per_s, where the row fills it
        std::optional<double> durationS;    // duration_s, where the row fills it
    };
    // Throws InputError naming the file, line and column for a field that does not parse, an
    // empty run name or a step that does not follow the run's last; ConfigError for --name
    // given to a file of several runs.
    Row read(const CsvRow& row);
    // After the last row: throws InputError for a file without rows, or of several rows with
    // neither a `run` nor a `step` column.
    void finish() const;

    // The run's fields as its first row states them, with the import options.
    RunRecord runRecord(const CsvRow& row) const;
    // Throws InputError for a run with neither steps nor a headline, once its rows are all read.
    void checkRun(std::size_t index, bool hasHeadline) const;
    // What every run gets once its steps are all read: the summary, the config keys, where it
    // came from and the user's options (not the uuid, nor the times). Checks it as checkRun().
    // stepFields: filledStepFields() of the run, from a pass over all of its rows.
    void finishRun(RunRecord& run, std::size_t index, RunSummary summary, bool hasHeadline,
                   const std::vector<std::string>& stepFields) const;
    // The step fields the run's cells gave, once its rows are read.
    std::vector<std::string> filledStepFields(std::size_t run) const;
    // What the run's steps time besides wall time (its data wait, its all-reduce wait): the columns
    // it filled in.
    MeasuredParts measuredParts(std::size_t run) const;

    const std::vector<std::string>& runNames() const noexcept { return m_names; }
    std::size_t firstLine(std::size_t run) const { return m_runs.at(run).firstLine; }
    std::int64_t stepCount(std::size_t run) const { return m_runs.at(run).steps; }

private:
    struct RunState {
        std::size_t firstLine = 0;
        std::int64_t steps = 0;
        std::optional<std::int64_t> lastStep;
        std::vector<bool> filled;  // by m_stepColumns: a cell of the run's holds a value
    };
    std::string textOr(const CsvRow& row, std::optional<std::size_t> column, const std::string& fallback) const;

    std::filesystem::path m_file;
    std::string m_fileRun;  // the one run's name when there is no `run` column
    ImportOptions m_options;
    bool m_hasRate = false;
    std::optional<std::size_t> m_run, m_step, m_headline, m_duration, m_uuid, m_deviceKind, m_deviceName, m_deviceCount, m_deviceCountInferred, m_model,
        m_precision, m_batchSize, m_workers, m_deviceTransforms;
    std::vector<std::pair<const StepField*, std::size_t>> m_stepColumns;

    std::unordered_map<std::string, std::size_t> m_index;
    std::vector<std::string> m_names;
    std::vector<RunState> m_runs;
    std::size_t m_rows = 0;
};

}  // namespace bb
