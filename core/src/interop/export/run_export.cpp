#include "bridgebench/run_export.h"

#include <cmath>
#include <optional>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "bridgebench/errors.h"
#include "bridgebench/run_json.h"
#include "bridgebench/run_samples_per_sec.h"
#include "bridgebench/tfevents_writer.h"
#include "interop/export/output_file.h"
#include "formats/run_columns.h"
#include "formats/step_fields.h"

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
            std::string(storedSource(run.origin)),
            run.deviceKind,
            run.deviceName,
            known(run.deviceCount),
            // "true" where an import inferred the count (from the global batch), so that it is
            // not read back as a count the files stated.
            run.deviceCount ? (run.environment.inferred.contains("device_count") ? "true" : "false") : std::string(),
            run.model,
            run.precision,
            known(run.batchSize),
            known(run.workers),
            known(run.deviceTransforms),
            headline(run),
            // The run's own duration: a log of every 500th step sums its points' times to 109 s
            // where the run took 54,713 (#67), so an import of the file must not sum them.
            run.summary.durationS ? number(*run.summary.durationS) : std::string()};
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

StepSource stepsInMemory() {
    return [](const RunData& data, const StepVisitor& visit) {
        for (const auto& step : data.steps)
            if (!visit(step)) return;
    };
}

void exportCsv(const std::vector<RunData>& runs, const StepSource& steps, const std::filesystem::path& file) {
    std::vector<std::string> header(std::begin(formats::kRunColumns), std::end(formats::kRunColumns));
    for (const auto& field : stepFields()) header.emplace_back(field.name);
    OutputFile out(file);
    // A row at a time through the file's buffer: a run of a million steps is 600 MB of text.
    std::string row;
    const auto put = [&](const std::vector<std::string>& cells) {
        row.clear();
        appendRow(row, cells);
        out.write(row);
    };
    put(header);
    for (const auto& data : runs) {
        const auto run = runCells(data.run);
        const MeasuredStepFields measured(data.run);
        bool any = false;
        std::vector<std::string> cells;
        steps(data, [&](const StepMetrics& step) {
            any = true;
            cells = run;
            for (const auto& field : stepFields())
                cells.push_back(!measured.measured(field, step) ? std::string()
                                : field.integer ? std::to_string(static_cast<std::int64_t>(field.get(step)))
                                                : number(field.get(step)));
            put(cells);
            return true;
        });
        if (!any) {
            cells = run;
            cells.resize(header.size());
            put(cells);
        }
    }
    out.commit();
}

void exportCsv(const std::vector<RunData>& runs, const std::filesystem::path& file) {
    exportCsv(runs, stepsInMemory(), file);
}

void exportJson(const std::vector<RunData>& runs, const StepSource& steps, const std::filesystem::path& file) {
    // runsToJson's document, written a step at a time: as one value it took 3.7 GB for a run of
    // a million steps (a 727 MB file) and ended in bad_alloc under a 2.5 GB limit.
    OutputFile out(file);
    out.write("{\n  \"format\": \"bridgebench-runs\",\n  \"version\": 1,\n  \"runs\": [");
    bool firstRun = true;
    std::string text;
    for (const auto& data : runs) {
        nlohmann::json record = runRecordToJson(data.run);
        record["tags"] = data.tags;
        text = record.dump(2);
        text.pop_back();  // its closing brace: the steps go before it
        while (!text.empty() && (text.back() == '\n' || text.back() == ' ')) text.pop_back();
        out.write(firstRun ? "\n" : ",\n");
        firstRun = false;
        out.write(text);
        out.write(",\n  \"steps\": [");
        const MeasuredStepFields measured(data.run);
        bool firstStep = true;
        steps(data, [&](const StepMetrics& step) {
            out.write(firstStep ? "\n    " : ",\n    ");
            firstStep = false;
            out.write(stepToJson(step, measured).dump());
            return true;
        });
        out.write(firstStep ? "]\n}" : "\n  ]\n}");
    }
    out.write(firstRun ? "]\n}\n" : "\n  ]\n}\n");
    out.commit();
}

void exportJson(const std::vector<RunData>& runs, const std::filesystem::path& file) {
    exportJson(runs, stepsInMemory(), file);
}

std::vector<std::filesystem::path> exportTensorBoard(const std::vector<RunData>& runs, const StepSource& steps,
                                                     const std::filesystem::path& folder) {
    std::vector<std::filesystem::path> written;
    for (const auto& data : runs) {
        const auto runFolder = folder / safeFolderName(data);
        std::error_code error;
        std::filesystem::create_directories(runFolder, error);
        if (error) throw Error(fmt::format("{}: cannot create: {}", runFolder.string(), error.message()));
        // The file is named after the run's start, which its first step gives.
        std::optional<StepMetrics> first;
        steps(data, [&](const StepMetrics& step) {
            first = step;
            return false;
        });
        const double startS = !first || first->timestampMs <= 0 ? 0.0
                                                                 : first->timestampMs / 1000.0 - first->wallMs / 1000.0;
        const auto eventsPath = runFolder / TfEventsWriter::fileName(startS, "bridgebench");
        // Written under a name no reader takes for an events file, and renamed when whole: a full
        // disk once left a 4,096-byte events file whose import took 4 of a run's 150 steps.
        const auto partial = runFolder / "bridgebench-events.partial";
        try {
            TfEventsWriter writer(partial, startS);
            const MeasuredStepFields measured(data.run);
            steps(data, [&](const StepMetrics& step) {
                for (const auto& field : stepFields()) {
                    if (field.name == "step" || field.name == "timestamp_ms" || !measured.measured(field, step)) continue;
                    writer.write({fmt::format("{}{}", formats::kTagPrefix, field.name), step.step,
                                  step.timestampMs / 1000.0, field.get(step)});
                }
                return true;
            });
            if (!first)
                if (const double samplesPerSec = runSamplesPerSec(data.run); samplesPerSec > 0)
                    writer.write({std::string(formats::kHeadlineTag), 0, startS, samplesPerSec});
            writer.flush();
        } catch (...) {
            std::filesystem::remove(partial, error);
            throw;
        }
        writeOutputFile(runFolder / formats::kRunSidecar, runRecordToJson(data.run).dump(2) + "\n");
        std::filesystem::rename(partial, eventsPath, error);
        if (error) {
            std::filesystem::remove(partial, error);
            throw Error(fmt::format("{}: cannot write: {}", eventsPath.string(), error.message()));
        }
        written.push_back(eventsPath);
    }
    return written;
}

std::vector<std::filesystem::path> exportTensorBoard(const std::vector<RunData>& runs,
                                                     const std::filesystem::path& folder) {
    return exportTensorBoard(runs, stepsInMemory(), folder);
}

}  // namespace bb
