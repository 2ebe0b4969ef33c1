// TensorBoard event files into runs: each folder holding event files is one run, as
// TensorBoard's run selector shows them.
#include <algorithm>
#include <map>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "bridgebench/errors.h"
#include "bridgebench/run_import.h"
#include "bridgebench/run_json.h"
#include "bridgebench/tfevents_file.h"
#include "formats/run_columns.h"
#include "formats/step_fields.h"
#include "interop/import/hf_run_info.h"
#include "interop/import/imported_facts.h"
#include "interop/import/imported_record.h"
#include "interop/import/imported_summary.h"
#include "interop/import/logged_steps.h"
#include "util/file_contents.h"
#include "util/json_text.h"

namespace bb {

namespace {

struct EventRun {
    std::filesystem::path folder;
    std::vector<const TfEventsFile*> files;
    std::vector<ScalarEvent> scalars;  // of all its files, by wall time
};

// A run BridgeBench exported: every step field under its own tag.
std::vector<StepMetrics> exportedSteps(const EventRun& run) {
    std::map<std::int64_t, StepMetrics> byStep;
    for (const auto& scalar : run.scalars) {
        if (!scalar.tag.starts_with(formats::kTagPrefix)) continue;
        const auto* field = findStepField(std::string_view(scalar.tag).substr(formats::kTagPrefix.size()));
        if (!field) continue;
        if (const auto problem = stepFieldProblem(*field, scalar.value); !problem.empty())
            throw InputError(fmt::format("{}: scalar \"{}\" at step {}: {}", run.folder.string(), scalar.tag, scalar.step,
                                         problem));
        StepMetrics& step = byStep[scalar.step];
        step.step = scalar.step;
        step.timestampMs = scalar.wallTime * 1000.0;
        field->set(step, scalar.value);
    }
    std::vector<StepMetrics> steps;
    for (auto& [index, step] : byStep) steps.push_back(step);
    return steps;
}

std::optional<double> lastValue(const EventRun& run, std::string_view tag) {
    std::optional<double> value;
    for (const auto& scalar : run.scalars)
        if (scalar.tag == tag) value = scalar.value;
    return value;
}

// Another writer's run (Trainer's TensorBoardCallback, a SummaryWriter): wall-clock times between
// logged steps, the loss where one is logged.
RunData foreignRun(const EventRun& events, const ImportOptions& options, std::vector<std::string>& warnings) {
    RunData data;
    data.run = importedRecord(events.folder.filename().string(), options);
    std::map<std::int64_t, LoggedStep> byStep;
    for (const auto& [step, wallTime] : stepWallTimes(events.scalars)) byStep[step] = {step, wallTime, {}, 0};
    for (const auto& scalar : events.scalars)
        if (isLossTag(scalar.tag)) byStep[scalar.step].loss = scalar.value;
    std::vector<LoggedStep> logged;
    for (const auto& [step, entry] : byStep) logged.push_back(entry);

    nlohmann::json files = nlohmann::json::array();
    for (const auto* file : events.files) files.push_back(file->path.string());
    data.run.environment.importFormat = ImportFormat::TensorBoard;
    data.run.environment.importedFrom = std::filesystem::absolute(events.folder).lexically_normal().string();
    data.run.environment.facts["files"] = files;
    HfRunInfo info;
    for (const auto* file : events.files) readHfTextSummaries(file->texts, file->path.string(), info);
    warnings.insert(warnings.end(), info.warnings.begin(), info.warnings.end());
    const std::int64_t accumulation = applyImportedFacts(data.run, info, options);
    const std::int64_t perDeviceStep = data.run.batchSize.value_or(0) * accumulation;

    HeadlineFigures headline{lastValue(events, "train/train_samples_per_second"), lastValue(events, "train/train_runtime"),
                             lastValue(events, "train/total_flos"), lastValue(events, "train/train_loss")};
    const auto stepsPerSec = lastValue(events, "train/train_steps_per_second");
    std::int64_t samplesPerStep = 0;
    if (headline.samplesPerSec && stepsPerSec && *stepsPerSec > 0) {
        samplesPerStep = static_cast<std::int64_t>(std::llround(*headline.samplesPerSec / *stepsPerSec));
        // The global batch over the per-device one is the device count, when the user did not say.
        if (!options.deviceCount && perDeviceStep > 0 && samplesPerStep % perDeviceStep == 0 &&
            samplesPerStep / perDeviceStep >= 1) {
            data.run.deviceCount = samplesPerStep / perDeviceStep;
            data.run.environment.inferred.insert("device_count");
            data.run.environment.provenance["device_count"] = fmt::format(
                "inferred: train_samples_per_second / train_steps_per_second over the per-device batch × gradient "
                "accumulation{}",
                info.gradAccumulation ? "" : ", assuming no gradient accumulation");
        }
    } else if (perDeviceStep > 0 && data.run.deviceCount) {
        samplesPerStep = perDeviceStep * *data.run.deviceCount;
    } else if (perDeviceStep > 0) {
        warnings.push_back(fmt::format("{}: the events do not say how many devices ran, so neither how many samples a "
                                       "step took (each device took {}): step times only, no samples/s; set {} to say",
                                       events.folder.string(), perDeviceStep, options.names.deviceCount));
    } else {
        warnings.push_back(fmt::format("{}: the events do not say how many samples a step takes: step times only, "
                                       "no samples/s",
                                       events.folder.string()));
    }
    data.steps = stepsFromLog(std::move(logged), samplesPerStep);
    data.run.summary = importedSummary(data.steps, headline);
    if (samplesPerStep > 0) data.run.environment.facts["samples_per_step"] = samplesPerStep;
    finishImportedRun(data, "tensorboard");
    return data;
}

RunData exportedRun(const EventRun& events, const ImportOptions& options) {
    RunData data;
    bool summarized = false;
    const auto sidecar = events.folder / formats::kRunSidecar;
    std::error_code error;
    if (std::filesystem::is_regular_file(sidecar, error)) {
        const std::string text = readFileContents(sidecar);
        JsonTextError parseError;
        std::optional<nlohmann::json> parsed = parseJsonText(text, parseError);
        if (!parsed) {
            throw InputError(fmt::format("{}: line {}, column {}: not valid JSON ({})", sidecar.string(),
                                         parseError.position.line, parseError.position.column, parseError.reason));
        }
        const nlohmann::json& json = *parsed;
        data.run = runRecordFromJson(json, sidecar.string());
        summarized = json.contains("summary") && !json["summary"].empty();
        data.run.id = 0;
        data.run.studyId = 0;
        if (!isReference(data.run.origin)) data.run.origin = RunOrigin::Import;
        if (!options.name.empty()) data.run.name = options.name;
        if (!options.deviceKind.empty()) data.run.deviceKind = options.deviceKind;
        if (!options.deviceName.empty()) data.run.deviceName = options.deviceName;
        if (options.deviceCount) data.run.deviceCount = *options.deviceCount;
        applyImportedFacts(data.run, HfRunInfo{}, options);
    } else {
        data.run = importedRecord(events.folder.filename().string(), options);
    }
    data.steps = exportedSteps(events);
    if (!summarized) {
        data.run.summary = importedSummary(data.steps, {lastValue(events, formats::kHeadlineTag), {}, {}, {}});
    }
    finishImportedRun(data, "tensorboard");
    return data;
}

}  // namespace

ImportBatch readTensorBoardImport(const std::filesystem::path& path, const ImportOptions& options) {
    const std::vector<TfEventsFile> files = readTfEvents(path);
    if (files.empty()) throw InputError(fmt::format("{}: no TensorBoard event files (events.out.tfevents.*)", path.string()));
    ImportBatch batch;
    std::map<std::filesystem::path, EventRun> runs;
    for (const auto& file : files) {
        for (const auto& warning : file.warnings) batch.warnings.push_back(file.path.string() + ": " + warning);
        auto folder = file.path.parent_path();
        if (folder.empty()) folder = ".";
        EventRun& run = runs[folder];
        run.folder = folder;
        run.files.push_back(&file);
        run.scalars.insert(run.scalars.end(), file.scalars.begin(), file.scalars.end());
    }
    if (runs.size() > 1 && !options.name.empty())
        throw ConfigError("--name", fmt::format("{} holds {} runs; a name fits only one", path.string(), runs.size()));
    for (auto& [folder, run] : runs) {
        std::stable_sort(run.scalars.begin(), run.scalars.end(),
                         [](const auto& a, const auto& b) { return a.wallTime < b.wallTime; });
        if (run.scalars.empty()) {
            batch.warnings.push_back(fmt::format("{}: no scalar values in its event files; skipped", folder.string()));
            continue;
        }
        const bool exported = std::any_of(run.scalars.begin(), run.scalars.end(),
                                          [](const auto& s) { return s.tag.starts_with(formats::kTagPrefix); });
        batch.runs.push_back(exported ? exportedRun(run, options) : foreignRun(run, options, batch.warnings));
    }
    if (batch.runs.empty() && std::all_of(files.begin(), files.end(), [](const auto& f) { return f.gitLfsPointer; }))
        throw InputError(fmt::format("{}: its event files are Git LFS pointers, not the files themselves (the first: "
                                     "{}): fetch them with `git lfs pull` in its repository",
                                     path.string(), files.front().path.string()));
    if (batch.runs.empty())
        throw InputError(fmt::format("{}: no scalar values in any event file: nothing to import", path.string()));
    return batch;
}

}  // namespace bb
