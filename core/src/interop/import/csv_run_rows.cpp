#include "interop/import/csv_run_rows.h"

#include <algorithm>

#include <fmt/format.h>
#include <fmt/ranges.h>  // fmt::join, there since {fmt} 11

#include "bridgebench/errors.h"
#include "interop/import/imported_facts.h"
#include "util/figure_range.h"
#include "util/text_excerpt.h"

namespace bb {

namespace {

std::optional<std::size_t> indexOf(const std::vector<std::string>& columns, std::string_view column) {
    const auto found = std::find(columns.begin(), columns.end(), column);
    if (found == columns.end()) return std::nullopt;
    return static_cast<std::size_t>(found - columns.begin());
}

}  // namespace

CsvRunRows::CsvRunRows(const std::vector<std::string>& columns, std::filesystem::path file, ImportOptions options)
    : m_file(std::move(file)), m_fileRun(m_file.stem().string()), m_options(std::move(options)) {
    m_hasRate = indexOf(columns, "samples_per_s").has_value();
    const bool hasTimes = indexOf(columns, "samples") && indexOf(columns, "wall_ms");
    m_headline = indexOf(columns, "headline_samples_per_s");
    m_duration = indexOf(columns, "duration_s");
    if (!m_hasRate && !hasTimes && !m_headline)
        throw InputError(fmt::format("{}: line 1: no \"samples_per_s\" column (nor \"samples\" and \"wall_ms\", nor "
                                     "\"headline_samples_per_s\"): the header names {}",
                                     m_file.string(), fmt::join(columns, ", ")));
    m_run = indexOf(columns, "run");
    m_step = indexOf(columns, "step");
    m_uuid = indexOf(columns, "uuid");
    m_deviceKind = indexOf(columns, "device_kind");
    m_deviceName = indexOf(columns, "device_name");
    m_deviceCount = indexOf(columns, "device_count");
    m_deviceCountInferred = indexOf(columns, "device_count_inferred");
    m_model = indexOf(columns, "model");
    m_precision = indexOf(columns, "precision");
    m_batchSize = indexOf(columns, "batch_size");
    m_workers = indexOf(columns, "workers");
    m_deviceTransforms = indexOf(columns, "device_transforms");
    for (const auto& field : stepFields())
        if (const auto column = indexOf(columns, field.name)) m_stepColumns.emplace_back(&field, *column);
}

std::string CsvRunRows::textOr(const CsvRow& row, std::optional<std::size_t> column,
                               const std::string& fallback) const {
    if (!column) return fallback;
    const auto& text = row.text(*column);
    return text.empty() ? fallback : text;
}

RunRecord CsvRunRows::runRecord(const CsvRow& row) const {
    RunRecord run = importedRecord(m_run ? row.text(*m_run) : m_fileRun, m_options);
    run.uuid = textOr(row, m_uuid, "");
    run.deviceKind = textOr(row, m_deviceKind, m_options.deviceKind);
    run.deviceName = textOr(row, m_deviceName, m_options.deviceName);
    if (m_deviceCount)
        if (const auto count = row.integer(*m_deviceCount)) {
            run.deviceCount = *count;
            if (textOr(row, m_deviceCountInferred, "") == "true") {
                run.environment.inferred.insert("device_count");
                run.environment.provenance["device_count"] =
                    "inferred where it was imported first (the CSV's device_count_inferred column)";
            }
        }
    if (m_options.deviceCount) {
        run.deviceCount = *m_options.deviceCount;
        run.environment.inferred.erase("device_count");
    }
    run.model = textOr(row, m_model, "");
    run.precision = textOr(row, m_precision, "");
    if (m_batchSize)
        if (const auto batch = row.integer(*m_batchSize); batch && *batch > 0) run.batchSize = *batch;
    // Workers a row does not state stay unknown (no "workers" config key), never 0.
    if (m_workers)
        if (const auto workers = row.integer(*m_workers)) {
            run.workers = *workers;
            run.config.facts["workers"] = *workers;
        }
    // Nor device transforms: a row that does not say leaves them unknown, never "off".
    const std::string flag = textOr(row, m_deviceTransforms, "");
    if (flag.empty()) {
    } else if (flag == "true" || flag == "1" || flag == "on" || flag == "yes") {
        run.deviceTransforms = true;
        run.config.facts["device_transforms"] = true;
    } else if (flag == "false" || flag == "0" || flag == "off" || flag == "no") {
        run.deviceTransforms = false;
        run.config.facts["device_transforms"] = false;
    } else {
        throw InputError(fmt::format("{}: line {}: column \"device_transforms\": \"{}\" is not true or false",
                                     m_file.string(), row.line(), textExcerpt(flag)));
    }
    return run;
}

CsvRunRows::Row CsvRunRows::read(const CsvRow& row) {
    ++m_rows;
    const std::string& name = m_run ? row.text(*m_run) : m_fileRun;
    if (name.empty())
        throw InputError(fmt::format("{}: line {}: column \"run\" is empty", m_file.string(), row.line()));
    Row result;
    const auto [it, created] = m_index.try_emplace(name, m_names.size());
    result.run = it->second;
    if (created) {
        if (m_names.size() == kMaxRuns)
            throw InputError(fmt::format("{}: line {}: more than {} runs in one file, the most one import takes",
                                         m_file.string(), row.line(), kMaxRuns));
        result.firstOfRun = true;
        m_names.push_back(name);
        m_runs.push_back({row.line(), 0, std::nullopt, std::vector<bool>(m_stepColumns.size(), false)});
        if (m_run && !m_options.name.empty() && m_names.size() > 1)
            throw ConfigError("--name", fmt::format("{} holds more than one run; a name fits only one", m_file.string()));
        runRecord(row);  // checked here, built again where it is stored
    }
    RunState& run = m_runs[result.run];
    if (m_headline) {
        result.headline = row.number(*m_headline);
        if (result.headline)
            if (const auto problem = figureRangeProblem(*result.headline, 0, 1e9, "run"); !problem.empty())
                throw InputError(fmt::format("{}: line {}: column \"headline_samples_per_s\": {}", m_file.string(),
                                             row.line(), problem));
    }
    if (m_duration) {
        result.durationS = row.number(*m_duration);
        if (result.durationS)
            if (const auto problem = figureRangeProblem(*result.durationS, 0, 1e9, "run"); !problem.empty())
                throw InputError(fmt::format("{}: line {}: column \"duration_s\": {}", m_file.string(), row.line(),
                                             problem));
    }
    // Without a `step` column each row of a run is its next step.
    const std::optional<std::int64_t> stepIndex = m_step ? row.integer(*m_step) : std::optional<std::int64_t>(run.steps);
    if (!stepIndex) return result;  // a row of run fields only
    StepMetrics step;
    for (std::size_t index = 0; index < m_stepColumns.size(); ++index) {
        const auto& [field, column] = m_stepColumns[index];
        std::optional<double> value;
        if (field->integer) {
            if (const auto whole = row.integer(column)) value = static_cast<double>(*whole);
        } else {
            value = row.number(column);
        }
        if (!value) continue;
        if (const auto problem = stepFieldProblem(*field, *value); !problem.empty())
            throw InputError(fmt::format("{}: line {}: column \"{}\": {}", m_file.string(), row.line(), field->name, problem));
        field->set(step, *value);
        run.filled[index] = true;
    }
    step.step = *stepIndex;
    if (!m_hasRate) step.samplesPerSec = samplesPerSecond(step.samples, step.wallMs);
    if (run.lastStep && *run.lastStep >= step.step)
        throw InputError(fmt::format("{}: line {}: column \"step\": {} does not follow step {} of run \"{}\"",
                                     m_file.string(), row.line(), step.step, *run.lastStep, textExcerpt(name)));
    run.lastStep = step.step;
    ++run.steps;
    result.step = step;
    return result;
}

void CsvRunRows::finish() const {
    if (!m_run && !m_step && m_rows > 1)
        throw InputError(fmt::format("{}: {} rows but neither a \"run\" nor a \"step\" column to tell them apart",
                                     m_file.string(), m_rows));
    if (m_names.empty())
        throw InputError(fmt::format("{}: no rows below the header: nothing to import", m_file.string()));
}

void CsvRunRows::checkRun(std::size_t index, bool hasHeadline) const {
    if (!hasHeadline && m_runs.at(index).steps == 0)
        throw InputError(fmt::format("{}: line {}: run \"{}\" has neither steps nor a headline_samples_per_s",
                                     m_file.string(), firstLine(index), textExcerpt(m_names.at(index))));
}

MeasuredParts CsvRunRows::measuredParts(std::size_t run) const {
    MeasuredParts parts{false, false};
    const auto& filled = m_runs.at(run).filled;
    for (std::size_t index = 0; index < m_stepColumns.size(); ++index) {
        if (!filled[index]) continue;
        if (m_stepColumns[index].first->name == "data_wait_ms") parts.dataWait = true;
        if (m_stepColumns[index].first->name == "comm_ms") parts.comm = true;
    }
    return parts;
}

std::vector<std::string> CsvRunRows::filledStepFields(std::size_t run) const {
    std::vector<std::string> fields{"step"};
    const auto& filled = m_runs.at(run).filled;
    for (std::size_t column = 0; column < m_stepColumns.size(); ++column)
        if (filled[column] && m_stepColumns[column].first->name != "step")
            fields.emplace_back(m_stepColumns[column].first->name);
    if (!m_hasRate) fields.emplace_back("samples_per_s");
    return fields;
}

void CsvRunRows::finishRun(RunRecord& run, std::size_t index, RunSummary summary, bool hasHeadline,
                           const std::vector<std::string>& stepFields) const {
    checkRun(index, hasHeadline);
    run.summary = std::move(summary);
    if (run.batchSize) run.config.facts["batch_size"] = *run.batchSize;
    run.config.facts["precision"] = run.precision;
    // The step fields its cells gave, so that an export leaves the rest empty as the file did.
    // Only what the rows said of the run's count (its device_count_inferred cell) is kept.
    RunEnvironment environment;
    if (run.environment.inferred.contains("device_count")) {
        environment.inferred.insert("device_count");
        environment.provenance["device_count"] = run.environment.provenance["device_count"];
    }
    run.environment = std::move(environment);
    run.environment.importFormat = ImportFormat::Csv;
    run.environment.importedFrom = std::filesystem::absolute(m_file).lexically_normal().string();
    run.environment.facts["first_line"] = firstLine(index);
    run.environment.measuredStepFields = stepFields;
    applyImportedFacts(run, HfRunInfo{}, m_options);
}

}  // namespace bb
