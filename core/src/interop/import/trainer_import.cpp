// Hugging Face Trainer output folders into runs. trainer_state.json's log_history has no
// timestamps, so the wall clock comes from TensorBoardCallback's event files under runs/.
#include <cmath>
#include <map>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "bridgebench/errors.h"
#include "bridgebench/run_flops.h"
#include "bridgebench/run_import.h"
#include "bridgebench/trainer_output.h"
#include "interop/import/hf_run_info.h"
#include "util/figure_range.h"
#include "interop/import/imported_facts.h"
#include "interop/import/imported_record.h"
#include "interop/import/imported_summary.h"
#include "interop/import/logged_steps.h"

namespace bb {

namespace {

// Optimum Habana logs device memory in GiB (bytes / 1024³) under this key on every entry.
constexpr const char* kGaudiMemoryKey = "memory_allocated (GB)";
constexpr double kBytesPerGib = 1024.0 * 1024.0 * 1024.0;
// Transformers' train_samples_per_second spans the whole of train(), start-up and warm-up steps
// included; Optimum Habana's leaves out --throughput_warmup_steps, as the study measured. The peer
// under bench/peers/ times that window around Transformers' Trainer and writes it under this key,
// which then is the run's headline, so that the two compare like for like.
constexpr const char* kSteadyKey = "steady_samples_per_second";
constexpr const char* kSteadyWarmupKey = "steady_warmup_steps";
constexpr const char* kSteadyDataWaitKey = "steady_data_wait_fraction";
// The peer's torch.cuda.max_memory_allocated() over the whole run, as BridgeBench's peak_bytes.
constexpr const char* kPeakMemoryKey = "peak_device_memory_bytes";

// The figures train() reported: all_results.json / train_results.json first, gaps filled from
// the final log_history entry.
TrainerTrainMetrics finalMetrics(const TrainerOutput& output) {
    TrainerTrainMetrics metrics = output.results.value_or(TrainerTrainMetrics{});
    if (output.state && output.state->trainMetrics) {
        const auto& fromLog = *output.state->trainMetrics;
        if (!metrics.samplesPerSec) metrics.samplesPerSec = fromLog.samplesPerSec;
        if (!metrics.stepsPerSec) metrics.stepsPerSec = fromLog.stepsPerSec;
        if (!metrics.runtimeSec) metrics.runtimeSec = fromLog.runtimeSec;
        if (!metrics.loss) metrics.loss = fromLog.loss;
        if (!metrics.totalFlos) metrics.totalFlos = fromLog.totalFlos;
        if (!metrics.epoch) metrics.epoch = fromLog.epoch;
        for (const auto& [key, value] : fromLog.otherValues) metrics.otherValues.emplace(key, value);
    }
    return metrics;
}

std::map<std::int64_t, double> wallTimesByStep(const TrainerOutput& output) {
    std::vector<ScalarEvent> scalars;
    for (const auto& file : output.eventFiles) scalars.insert(scalars.end(), file.scalars.begin(), file.scalars.end());
    return stepWallTimes(scalars);
}

std::vector<LoggedStep> loggedSteps(const TrainerOutput& output, const std::map<std::int64_t, double>& times) {
    std::map<std::int64_t, LoggedStep> byStep;
    if (output.state) {
        for (const auto& entry : output.state->logHistory) {
            if (entry.kind != TrainerLogKind::Training || !entry.step) continue;
            LoggedStep& logged = byStep[*entry.step];
            logged.step = *entry.step;
            logged.loss = entry.loss;
            if (const auto memory = entry.otherValues.find(kGaudiMemoryKey); memory != entry.otherValues.end())
                logged.deviceMemoryBytes = static_cast<std::int64_t>(memory->second * kBytesPerGib);
        }
    } else {
        // No trainer_state.json: the events' train/loss values are the log.
        for (const auto& file : output.eventFiles)
            for (const auto& scalar : file.scalars)
                if (isLossTag(scalar.tag)) {
                    byStep[scalar.step].step = scalar.step;
                    byStep[scalar.step].loss = scalar.value;
                }
    }
    std::vector<LoggedStep> steps;
    for (auto& [step, logged] : byStep) {
        if (const auto time = times.find(step); time != times.end()) logged.wallTimeS = time->second;
        steps.push_back(logged);
    }
    return steps;
}

// The global batch of one optimizer step: train_samples_per_second / train_steps_per_second.
// Transformers rounds both to three decimals, so at 0.062 steps/s the ratio is off by up to 1%
// (129 for 128). The global batch is train_batch_size × accumulation × devices, a whole multiple of
// the per-device batch: the multiple within the rounding of the ratio is taken where that batch is
// known, the ratio rounded where it is not. 0: unknown.
double globalBatch(const TrainerTrainMetrics& metrics, std::int64_t perDeviceBatch) {
    if (!metrics.samplesPerSec || !metrics.stepsPerSec || *metrics.stepsPerSec <= 0 || *metrics.samplesPerSec <= 0)
        return 0;
    const double ratio = *metrics.samplesPerSec / *metrics.stepsPerSec;
    if (perDeviceBatch > 0) {
        const double multiple = ratio / static_cast<double>(perDeviceBatch);
        const double whole = std::round(multiple);
        // Half a unit in the third decimal of each rounded figure, relative to it.
        const double slack = 0.0005 / *metrics.stepsPerSec + 0.0005 / *metrics.samplesPerSec;
        if (whole >= 1 && std::abs(multiple - whole) <= whole * slack + 1e-9)
            return whole * static_cast<double>(perDeviceBatch);
    }
    return std::round(ratio);
}

bool isWhole(double value) { return value > 0 && std::abs(value - std::round(value)) < 1e-6 * value; }

}  // namespace

ImportBatch readTrainerImport(const std::filesystem::path& folder, const ImportOptions& options) {
    const TrainerOutput output = readTrainerOutput(folder);
    const TrainerTrainMetrics metrics = finalMetrics(output);
    ImportBatch batch;
    for (const auto& file : output.eventFiles)
        for (const auto& warning : file.warnings) batch.warnings.push_back(file.path.string() + ": " + warning);

    // "runs/h100/" names its run "h100" as "runs/h100" does: a normal path's last part is empty after a slash.
    auto named = std::filesystem::absolute(folder).lexically_normal();
    if (named.filename().empty()) named = named.parent_path();
    const auto folderName = named.filename().string();
    RunData data;
    data.run = importedRecord(folderName.empty() ? std::string("trainer run") : folderName, options);
    if (output.state && output.state->trainBatchSize.value_or(0) > 0) data.run.batchSize = output.state->trainBatchSize;
    if (data.run.batchSize)
        data.run.environment.provenance["batch_size"] = output.statePath.string() + " (train_batch_size)";
    // What TensorBoardCallback wrote beside the scalars, then the folder's own config.json.
    HfRunInfo info;
    for (const auto& file : output.eventFiles) readHfTextSummaries(file.texts, file.path.string(), info);
    if (!output.modelConfigPath.empty()) readHfModelConfig(output.modelConfig, output.modelConfigPath.string(), info);
    batch.warnings.insert(batch.warnings.end(), info.warnings.begin(), info.warnings.end());
    const std::int64_t accumulation = applyImportedFacts(data.run, info, options);
    const std::int64_t perDeviceBatch = data.run.batchSize.value_or(0) * accumulation;

    double samplesPerStep = globalBatch(metrics, perDeviceBatch);
    if (!options.deviceCount && perDeviceBatch > 0 && samplesPerStep > 0 &&
        isWhole(samplesPerStep / static_cast<double>(perDeviceBatch))) {
        const auto count = static_cast<std::int64_t>(std::round(samplesPerStep / static_cast<double>(perDeviceBatch)));
        data.run.deviceCount = count;
        const std::string how = fmt::format(
            "samples per step ({}) / per-device batch × gradient accumulation ({}){}", samplesPerStep, perDeviceBatch,
            info.gradAccumulation ? "" : ", assuming no gradient accumulation");
        data.run.environment.inferred.insert("device_count");
        data.run.environment.provenance["device_count"] = "inferred: " + how;
        batch.warnings.push_back(
            fmt::format("{}: device count {} inferred from {}; set {} to say otherwise", folder.string(), count, how,
                        options.names.deviceCount));
    }
    if (samplesPerStep == 0 && data.run.deviceCount)
        samplesPerStep = static_cast<double>(perDeviceBatch * *data.run.deviceCount);
    else if (samplesPerStep == 0 && perDeviceBatch > 0)
        batch.warnings.push_back(fmt::format("{}: the files do not say how many devices ran, so neither how many samples "
                                             "a step took (each device took {}): no samples/s from the steps; set {} "
                                             "to say",
                                             folder.string(), perDeviceBatch, options.names.deviceCount));

    bool gaudiKeys = metrics.otherValues.contains(kGaudiMemoryKey);
    if (output.state)
        for (const auto& entry : output.state->logHistory) gaudiKeys = gaudiKeys || entry.otherValues.contains(kGaudiMemoryKey);
    if (data.run.deviceKind.empty() && gaudiKeys) data.run.deviceKind = "hpu";  // only Optimum Habana writes them
    if (data.run.deviceKind.empty() || data.run.deviceName.empty())
        batch.warnings.push_back(fmt::format("{}: the files do not name the device; set {}", folder.string(),
                                             options.names.device));

    const auto times = wallTimesByStep(output);
    data.steps = stepsFromLog(loggedSteps(output, times), static_cast<std::int64_t>(samplesPerStep));
    if (output.eventFiles.empty())
        batch.warnings.push_back(fmt::format(
            "{}: no runs/ event files, so no per-step times (log_history has no timestamps); only the headline figure",
            folder.string()));

    // The peer's own figures, held to what a run can have as the Trainer's are (json_fields.h).
    const auto checkedFigure = [&](const char* key, double least, double most) {
        const auto found = metrics.otherValues.find(key);
        if (found == metrics.otherValues.end()) return;
        const auto problem = figureRangeProblem(found->second, least, most, "run");
        if (problem.empty()) return;
        const std::string file = output.resultsPath.empty() ? folder.string() : output.resultsPath.string();
        throw InputError(fmt::format("{}: {}: {}", file, key, problem));
    };
    checkedFigure(kSteadyKey, 0, 1e9);
    checkedFigure(kSteadyDataWaitKey, 0, 1);
    checkedFigure(kPeakMemoryKey, 0, 1e15);

    std::optional<double> headline = metrics.samplesPerSec;
    std::string headlineSource = "train_samples_per_second";
    if (const auto steady = metrics.otherValues.find(kSteadyKey); steady != metrics.otherValues.end() && steady->second > 0) {
        headline = steady->second;
        const auto warmup = metrics.otherValues.find(kSteadyWarmupKey);
        headlineSource = warmup == metrics.otherValues.end()
                             ? std::string(kSteadyKey)
                             : fmt::format("{} (after {} warm-up steps)", kSteadyKey, warmup->second);
    }
    // Transformers' figure counts max_steps × the global batch over train_runtime: a run stopped
    // early (an early-stopping callback, a run killed and read from its checkpoint) keeps the
    // planned steps' figure, 12.276 samples/s where 1500 of 10990 steps ran at about 1.68.
    const std::int64_t trained = output.state ? output.state->globalStep.value_or(0) : 0;
    const std::int64_t planned = output.state ? output.state->maxSteps.value_or(0) : 0;
    if (headlineSource == "train_samples_per_second" && trained > 0 && trained < planned &&
        samplesPerStep > 0 && metrics.runtimeSec && *metrics.runtimeSec > 0) {
        headline = static_cast<double>(trained) * samplesPerStep / *metrics.runtimeSec;
        headlineSource = fmt::format("global_step × samples per step / train_runtime: the run stopped at step {} of "
                                     "{}, and train_samples_per_second ({}) counts all {}",
                                     trained, planned, *metrics.samplesPerSec, planned);
        batch.warnings.push_back(fmt::format("{}: stopped at step {} of {}: samples/s {:.4g} from the steps it ran, "
                                             "not the Trainer's {} over the planned ones",
                                             folder.string(), trained, planned, *headline, *metrics.samplesPerSec));
    }
    // train_runtime holds the evaluations run during training; the log says how long they took.
    double evalSeconds = 0;
    if (output.state)
        for (const auto& entry : output.state->logHistory)
            if (entry.kind == TrainerLogKind::Evaluation)
                if (const auto runtime = entry.otherValues.find("eval_runtime"); runtime != entry.otherValues.end())
                    evalSeconds += runtime->second;
    if (headline && evalSeconds > 0 && metrics.runtimeSec && *metrics.runtimeSec > 0 &&
        (headlineSource.starts_with("train_samples_per_second") || headlineSource.starts_with("global_step")))
        headlineSource += fmt::format(" (train_runtime holds {:.0f} s of evaluation, {:.0f}% of it)", evalSeconds,
                                      100 * std::min(1.0, evalSeconds / *metrics.runtimeSec));
    data.run.summary = importedSummary(
        data.steps, {headline, metrics.runtimeSec, metrics.totalFlos, metrics.loss, headlineSource});
    // An estimate no chip of this run could reach is not stored as what it did (#67); the files'
    // total_flos stays under `reported`, and runFlops says why the figure is unknown.
    if (data.run.summary.achievedFlopsPerSec) {
        if (const auto why = impossibleImportedFlops(data.run, *data.run.summary.achievedFlopsPerSec); !why.empty()) {
            data.run.summary.achievedFlopsPerSec.reset();
            batch.warnings.push_back(folder.string() + ": achieved FLOP/s left unknown: " + why);
        }
    }
    // The log holds a point every logging_steps: the run's totals are its global_step's, not the points'.
    if (trained > 0 && samplesPerStep > 0) {
        data.run.summary.steps = trained;
        data.run.summary.samples = trained * static_cast<std::int64_t>(samplesPerStep);
    }
    // The peer's share of its timed window spent between a step's end and the next one's start,
    // fetching the batch: what a BridgeBench run's data_wait_share measures.
    if (const auto wait = metrics.otherValues.find(kSteadyDataWaitKey); wait != metrics.otherValues.end())
        data.run.summary.dataWaitShare = wait->second;
    if (const auto peak = metrics.otherValues.find(kPeakMemoryKey); peak != metrics.otherValues.end()) {
        data.run.summary.deviceMemory = {{"peak_bytes", static_cast<std::int64_t>(peak->second)}};
    }
    if (!metrics.samplesPerSec && data.steps.empty())
        throw InputError(fmt::format("{}: no train_samples_per_second and no logged steps: nothing to import",
                                     folder.string()));

    auto& config = data.run.config.facts;
    if (data.run.batchSize) config["batch_size"] = *data.run.batchSize;
    data.run.config.warmupSteps = 0;
    if (output.state) {
        const auto& state = *output.state;
        if (state.maxSteps) config["steps"] = *state.maxSteps;
        if (state.loggingSteps) config["logging_steps"] = *state.loggingSteps;
        if (state.numTrainEpochs) config["num_train_epochs"] = *state.numTrainEpochs;
    }
    nlohmann::json files = nlohmann::json::array();
    if (!output.statePath.empty()) files.push_back(output.statePath.string());
    if (!output.resultsPath.empty()) files.push_back(output.resultsPath.string());
    if (!output.modelConfigPath.empty()) files.push_back(output.modelConfigPath.string());
    for (const auto& file : output.eventFiles) files.push_back(file.path.string());
    nlohmann::json reported = nlohmann::json::object();
    for (const auto& [key, value] : metrics.otherValues) reported[key] = value;
    if (metrics.samplesPerSec) reported["train_samples_per_second"] = *metrics.samplesPerSec;
    if (metrics.samples) reported["train_samples"] = *metrics.samples;
    if (metrics.totalFlos) reported["total_flos"] = *metrics.totalFlos;
    if (metrics.epoch) reported["epoch"] = *metrics.epoch;
    auto& environment = data.run.environment;
    environment.importFormat = ImportFormat::Trainer;
    environment.importedFrom = std::filesystem::absolute(folder).lexically_normal().string();
    environment.reported = std::move(reported);
    environment.facts["files"] = files;
    if (samplesPerStep > 0) environment.facts["samples_per_step"] = samplesPerStep;
    finishImportedRun(data, "trainer");
    batch.runs.push_back(std::move(data));
    return batch;
}

}  // namespace bb
