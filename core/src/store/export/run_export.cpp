#include "bridgebench/run_export.h"

#include <cmath>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "bridgebench/errors.h"
#include "bridgebench/run_json.h"
#include "bridgebench/run_samples_per_sec.h"
#include "bridgebench/tfevents_writer.h"
#include "store/export/output_file.h"
#include "store/formats/run_columns.h"
#include "store/formats/step_fields.h"

namespace bb {

namespace {

// RFC 4180: quote fields holding a comma, a quote or a line break; double the quotes inside.
std::string csvField(const std::string& text) {
    if (text.find_first_of(",\"\r\n") == std::string::npos) return text;
    std::string out = "\"";
    for (const char c : text) {
        if (c == '"') out += '"';
        out += c;
    }
    return out + '"';
}

std::string number(double value) {
    if (!std::isfinite(value)) return std::isnan(value) ? "nan" : (value > 0 ? "inf" : "-inf");
    return fmt::format("{}", value);  // shortest form that reads back to the same double
}

// The figure the run is listed by, so that an import of the file lists it the same.
std::string headline(const RunRecord& run) {
    const double samplesPerSec = runSamplesPerSec(run);
    return samplesPerSec > 0 ? number(samplesPerSec) : std::string();
}

// An empty cell for what the run does not know, which an import of the file reads back as unknown.
std::string known(const std::optional<std::int64_t>& value) { return value ? std::to_string(*value) : std::string(); }
std::string known(const std::optional<bool>& value) { return value ? (*value ? "true" : "false") : std::string(); }

std::vector<std::string> runCells(const RunRecord& run) {
    return {run.name,
            run.uuid,
            run.source,
            run.deviceKind,
            run.deviceName,
            std::to_string(run.deviceCount),
            run.model,
            run.precision,
            known(run.batchSize),
            known(run.workers),
            known(run.deviceTransforms),
            headline(run)};
}

void appendRow(std::string& out, const std::vector<std::string>& cells) {
    for (std::size_t index = 0; index < cells.size(); ++index) {
        if (index > 0) out += ',';
        out += csvField(cells[index]);
    }
    out += "\r\n";
}

// A folder name TensorBoard's run selector shows as the run's name.
std::string safeFolderName(const RunData& data) {
    std::string name;
    for (const unsigned char c : data.run.name) name += (c < 0x20 || c == '/' || c == '\\' || c == ':') ? '_' : char(c);
    if (name.empty() || name == "." || name == "..") name = "run";
    return fmt::format("{}-{}", name, data.run.id > 0 ? std::to_string(data.run.id) : data.run.uuid.substr(0, 8));
}

}  // namespace

void exportCsv(const std::vector<RunData>& runs, const std::filesystem::path& file) {
    std::vector<std::string> header(std::begin(formats::kRunColumns), std::end(formats::kRunColumns));
    for (const auto& field : stepFields()) header.emplace_back(field.name);
    std::string out;
    appendRow(out, header);
    for (const auto& data : runs) {
        const auto run = runCells(data.run);
        const MeasuredStepFields measured(data.run);
        if (data.steps.empty()) {
            auto cells = run;
            cells.resize(header.size());
            appendRow(out, cells);
        }
        for (const auto& step : data.steps) {
            auto cells = run;
            for (const auto& field : stepFields())
                cells.push_back(!measured.measured(field, step) ? std::string()
                                : field.integer ? std::to_string(static_cast<std::int64_t>(field.get(step)))
                                                : number(field.get(step)));
            appendRow(out, cells);
        }
    }
    writeOutputFile(file, out);
}

void exportJson(const std::vector<RunData>& runs, const std::filesystem::path& file) {
    writeOutputFile(file, runsToJson(runs).dump(2) + "\n");
}

std::vector<std::filesystem::path> exportTensorBoard(const std::vector<RunData>& runs,
                                                     const std::filesystem::path& folder) {
    std::vector<std::filesystem::path> written;
    for (const auto& data : runs) {
        const auto runFolder = folder / safeFolderName(data);
        std::error_code error;
        std::filesystem::create_directories(runFolder, error);
        if (error) throw Error(fmt::format("{}: cannot create: {}", runFolder.string(), error.message()));
        const double startS = data.steps.empty() || data.steps.front().timestampMs <= 0
                                  ? 0.0
                                  : data.steps.front().timestampMs / 1000.0 - data.steps.front().wallMs / 1000.0;
        const auto eventsPath = runFolder / TfEventsWriter::fileName(startS, "bridgebench");
        TfEventsWriter writer(eventsPath, startS);
        const MeasuredStepFields measured(data.run);
        for (const auto& step : data.steps) {
            for (const auto& field : stepFields()) {
                if (field.name == "step" || field.name == "timestamp_ms" || !measured.measured(field, step)) continue;
                writer.write({fmt::format("{}{}", formats::kTagPrefix, field.name), step.step, step.timestampMs / 1000.0,
                              field.get(step)});
            }
        }
        if (data.steps.empty())
            if (const double samplesPerSec = runSamplesPerSec(data.run); samplesPerSec > 0)
                writer.write({std::string(formats::kHeadlineTag), 0, startS, samplesPerSec});
        writer.flush();
        writeOutputFile(runFolder / formats::kRunSidecar, runRecordToJson(data.run).dump(2) + "\n");
        written.push_back(eventsPath);
    }
    return written;
}

}  // namespace bb
