// CSV tables into runs: rows grouped by the `run` column (one run named after the file when
// there is none), steps where `step` is filled, the run's own fields from the run columns.
#include <map>

#include <fmt/format.h>
#include <fmt/ranges.h>  // fmt::join, there since {fmt} 11
#include <nlohmann/json.hpp>

#include "bridgebench/csv_table.h"
#include "bridgebench/errors.h"
#include "bridgebench/run_import.h"
#include "store/formats/run_columns.h"
#include "store/formats/step_fields.h"
#include "store/import/imported_facts.h"
#include "store/import/imported_record.h"
#include "store/import/imported_summary.h"
#include "util/text_excerpt.h"

namespace bb {

namespace {

struct CsvRun {
    RunData data;
    std::optional<double> headline;
    std::size_t firstRow = 0;
};

std::string textOr(const CsvTable& table, std::size_t row, std::string_view column, const std::string& fallback) {
    if (!table.hasColumn(column)) return fallback;
    const auto& text = table.text(row, column);
    return text.empty() ? fallback : text;
}

bool flagOf(const CsvTable& table, std::size_t row, std::string_view column) {
    const std::string text = textOr(table, row, column, "false");
    if (text == "true" || text == "1" || text == "on" || text == "yes") return true;
    if (text == "false" || text == "0" || text == "off" || text == "no") return false;
    throw InputError(fmt::format("{}: line {}: column \"{}\": \"{}\" is not true or false", table.path().string(),
                                 table.lineOf(row), column, textExcerpt(text)));
}

void readRunColumns(const CsvTable& table, std::size_t row, const ImportOptions& options, RunRecord& run) {
    run.uuid = textOr(table, row, "uuid", "");
    run.deviceKind = textOr(table, row, "device_kind", options.deviceKind);
    run.deviceName = textOr(table, row, "device_name", options.deviceName);
    if (table.hasColumn("device_count")) run.deviceCount = table.integer(row, "device_count").value_or(run.deviceCount);
    if (options.deviceCount) run.deviceCount = *options.deviceCount;
    run.model = textOr(table, row, "model", "");
    run.precision = textOr(table, row, "precision", "");
    if (table.hasColumn("batch_size")) run.batchSize = table.integer(row, "batch_size").value_or(0);
    // Workers a row does not state stay unknown (no "workers" config key), never 0.
    if (table.hasColumn("workers"))
        if (const auto workers = table.integer(row, "workers")) {
            run.workers = *workers;
            run.config["workers"] = *workers;
        }
    run.deviceTransforms = flagOf(table, row, "device_transforms");
}

}  // namespace

ImportBatch readCsvImport(const std::filesystem::path& file, const ImportOptions& options) {
    return readCsvImport(CsvTable::read(file), options);
}

ImportBatch readCsvImport(const CsvTable& table, const ImportOptions& options) {
    const std::filesystem::path& file = table.path();
    const bool hasRate = table.hasColumn("samples_per_s");
    const bool hasTimes = table.hasColumn("samples") && table.hasColumn("wall_ms");
    if (!hasRate && !hasTimes && !table.hasColumn("headline_samples_per_s"))
        throw InputError(fmt::format("{}: line 1: no \"samples_per_s\" column (nor \"samples\" and \"wall_ms\", nor "
                                     "\"headline_samples_per_s\"): the header names {}",
                                     file.string(), fmt::join(table.columns(), ", ")));
    const bool grouped = table.hasColumn("run");
    if (!grouped && !table.hasColumn("step") && table.rowCount() > 1)
        throw InputError(fmt::format("{}: {} rows but neither a \"run\" nor a \"step\" column to tell them apart",
                                     file.string(), table.rowCount()));

    std::map<std::string, CsvRun> runs;
    std::vector<std::string> order;
    for (std::size_t row = 0; row < table.rowCount(); ++row) {
        const std::string name = grouped ? table.text(row, "run") : file.stem().string();
        if (name.empty())
            throw InputError(fmt::format("{}: line {}: column \"run\" is empty", file.string(), table.lineOf(row)));
        auto [it, created] = runs.try_emplace(name);
        CsvRun& run = it->second;
        if (created) {
            order.push_back(name);
            run.firstRow = row;
            run.data.run = importedRecord(name, options);
            if (grouped && !options.name.empty() && runs.size() > 1)
                throw ConfigError("--name", fmt::format("{} holds more than one run; a name fits only one", file.string()));
            readRunColumns(table, row, options, run.data.run);
        }
        if (table.hasColumn("headline_samples_per_s"))
            if (const auto headline = table.number(row, "headline_samples_per_s")) run.headline = headline;
        // Without a `step` column each row of a run is its next step.
        const std::optional<std::int64_t> stepIndex =
            table.hasColumn("step") ? table.integer(row, "step")
                                    : std::optional<std::int64_t>(static_cast<std::int64_t>(run.data.steps.size()));
        if (!stepIndex) continue;  // a row of run fields only
        StepMetrics step;
        for (const auto& field : stepFields()) {
            if (!table.hasColumn(field.name)) continue;
            if (field.integer) {
                if (const auto value = table.integer(row, field.name)) field.set(step, static_cast<double>(*value));
            } else if (const auto value = table.number(row, field.name)) {
                field.set(step, *value);
            }
        }
        step.step = *stepIndex;
        if (!hasRate) step.samplesPerSec = samplesPerSecond(step.samples, step.wallMs);
        if (!run.data.steps.empty() && run.data.steps.back().step >= step.step)
            throw InputError(fmt::format("{}: line {}: column \"step\": {} does not follow step {} of run \"{}\"",
                                         file.string(), table.lineOf(row), step.step, run.data.steps.back().step,
                                         textExcerpt(name)));
        run.data.steps.push_back(step);
    }
    if (runs.empty()) throw InputError(fmt::format("{}: no rows below the header: nothing to import", file.string()));

    ImportBatch batch;
    for (const auto& name : order) {
        CsvRun& run = runs.at(name);
        RunData& data = run.data;
        data.run.summary = importedSummary(data.steps, {run.headline, {}, {}, {}});
        if (!run.headline && data.steps.empty())
            throw InputError(fmt::format("{}: line {}: run \"{}\" has neither steps nor a headline_samples_per_s",
                                         file.string(), table.lineOf(run.firstRow), textExcerpt(name)));
        data.run.config.update({{"batch_size", data.run.batchSize},
                                {"precision", data.run.precision},
                                {"device_transforms", data.run.deviceTransforms}});
        data.run.environment = {{"format", "CSV"},
                                {"imported_from", std::filesystem::absolute(file).lexically_normal().string()},
                                {"first_line", table.lineOf(run.firstRow)}};
        applyImportedFacts(data.run, HfRunInfo{}, options);
        finishImportedRun(data, "csv");
        batch.runs.push_back(std::move(data));
    }
    return batch;
}

}  // namespace bb
