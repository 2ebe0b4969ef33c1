#include "bridgebench/diagnosis.h"

#include <algorithm>
#include <thread>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

namespace bb {

namespace {

double median(std::vector<double> values) {
    if (values.empty()) return 0;
    const auto middle = values.begin() + static_cast<std::ptrdiff_t>(values.size() / 2);
    std::nth_element(values.begin(), middle, values.end());
    if (values.size() % 2 == 1) return *middle;
    const double upper = *middle;
    const double lower = *std::max_element(values.begin(), middle);
    return (lower + upper) / 2;
}

template <typename Field>
double medianOf(std::span<const StepMetrics> steps, Field field) {
    std::vector<double> values;
    values.reserve(steps.size());
    for (const auto& step : steps) values.push_back(field(step));
    return median(std::move(values));
}

int threadsFor(const PipelineProfile& profile, int workers) {
    if (profile.threadsFixed) return profile.intraOpThreads;
    // The engine's own choice (engine/trainer.cpp chooseIntraOpThreads).
    return std::max(1, profile.cores - workers);
}

}  // namespace

bool canDiagnose(std::span<const StepMetrics> steps) {
    return std::any_of(steps.begin(), steps.end(), [](const StepMetrics& step) {
        return step.forwardMs > 0 || step.dataWaitMs > 0 || step.loadMs > 0;
    });
}

PipelineProfile profileRun(const RunRecord& run, std::span<const StepMetrics> steps) {
    PipelineProfile profile;
    const auto warmup = static_cast<std::size_t>(run.config.value("warmup_steps", 3));
    const auto counted = steps.size() > warmup ? steps.subspan(warmup) : steps;
    profile.stepsUsed = static_cast<std::int64_t>(counted.size());
    profile.wallMs = medianOf(counted, [](const StepMetrics& s) { return s.wallMs; });
    profile.dataWaitMs = medianOf(counted, [](const StepMetrics& s) { return s.dataWaitMs; });
    profile.computeMs = medianOf(counted, [](const StepMetrics& s) {
        return s.hostToDeviceMs + s.forwardMs + s.backwardMs + s.optimizerMs;
    });
    profile.deviceTransformMs = medianOf(counted, [](const StepMetrics& s) { return s.deviceTransformMs; });
    profile.loadMs = medianOf(counted, [](const StepMetrics& s) { return s.loadMs; });
    profile.decodeMs = medianOf(counted, [](const StepMetrics& s) { return s.readMs + s.decodeMs; });
    profile.hostTransformMs = medianOf(counted, [](const StepMetrics& s) { return s.transformMs + s.collateMs; });
    // A source that reports no breakdown (synthetic tensors) costs what the consumer waited.
    if (profile.loadMs <= 0 && run.workers == 0) profile.loadMs = profile.decodeMs = profile.dataWaitMs;
    profile.batchSize = run.batchSize;
    profile.workers = static_cast<int>(run.workers);
    profile.deviceTransforms = run.deviceTransforms;
    profile.cpuDevice = run.deviceKind.empty() || run.deviceKind == "cpu";
    const auto configuredThreads = run.config.value("threads", 0);
    profile.threadsFixed = configuredThreads > 0;
    profile.intraOpThreads = run.environment.value("intra_op_threads", configuredThreads > 0 ? configuredThreads : 1);
    profile.cores = run.environment.value("logical_cores", static_cast<int>(std::thread::hardware_concurrency()));
    profile.cores = std::max(1, profile.cores);
    profile.loadAverage = run.environment.value("load_average_1m", -1.0);
    return profile;
}

double predictStepMs(const PipelineProfile& p, int workers, bool deviceTransforms) {
    // Loader work per batch: device transforms leave read + decode in the loader.
    const double loaderMs = deviceTransforms ? p.decodeMs : p.decodeMs + p.hostTransformMs;
    // Device transform cost: measured when the run had them; otherwise assumed equal to the
    // host transform it replaces (on a CPU it is the same work in batched tensor ops).
    double deviceMs = 0;
    if (deviceTransforms) deviceMs = p.deviceTransforms ? p.deviceTransformMs : p.hostTransformMs;

    double computeMs = p.computeMs;
    double computeCpuMs = 0;
    if (p.cpuDevice) {
        // Compute is CPU work spread over the intra-op threads; assume it scales with them.
        computeCpuMs = p.computeMs * p.intraOpThreads;
        computeMs = computeCpuMs / threadsFor(p, workers);
    }
    computeMs += deviceMs;
    if (workers == 0) return loaderMs + computeMs;

    double stepMs = std::max(computeMs, loaderMs / workers);
    if (p.cpuDevice) {
        // All threads share the cores: one step cannot take less than its CPU work over them.
        const double cpuWorkMs = computeCpuMs + deviceMs * threadsFor(p, workers) + loaderMs;
        stepMs = std::max(stepMs, cpuWorkMs / p.cores);
    }
    return stepMs;
}

Diagnosis diagnose(const PipelineProfile& profile) {
    Diagnosis diagnosis;
    diagnosis.profile = profile;
    diagnosis.dataWaitShare = profile.wallMs > 0 ? profile.dataWaitMs / profile.wallMs : 0;
    const bool inputBound = profile.workers == 0 ? profile.loadMs > profile.computeMs + profile.deviceTransformMs
                                                 : diagnosis.dataWaitShare > 0.10;
    diagnosis.bound = inputBound ? "input-bound" : "compute-bound";

    const int maxWorkers = std::max(2, profile.cores);
    for (int workers = 0; workers <= maxWorkers; ++workers) {
        for (bool transforms : {false, true}) {
            PipelinePrediction prediction;
            prediction.workers = workers;
            prediction.deviceTransforms = transforms;
            prediction.stepMs = predictStepMs(profile, workers, transforms);
            prediction.samplesPerSec =
                prediction.stepMs > 0 ? static_cast<double>(profile.batchSize) * 1000.0 / prediction.stepMs : 0;
            prediction.isMeasuredSetting = workers == profile.workers && transforms == profile.deviceTransforms;
            diagnosis.predictions.push_back(prediction);
        }
    }
    // Prefer the simpler setting unless another is at least 3% faster.
    diagnosis.recommended = diagnosis.predictions.front();
    for (const auto& prediction : diagnosis.predictions)
        if (prediction.samplesPerSec > diagnosis.recommended.samplesPerSec * 1.03) diagnosis.recommended = prediction;

    diagnosis.explanation = fmt::format(
        "{}: a batch takes {:.1f} ms to load and {:.1f} ms to compute; the step waits {:.0f}% of its time for data. "
        "Recommended: workers={}, device transforms {} (predicted {:.1f} samples/s).",
        diagnosis.bound, profile.loadMs, profile.computeMs + profile.deviceTransformMs, diagnosis.dataWaitShare * 100,
        diagnosis.recommended.workers, diagnosis.recommended.deviceTransforms ? "on" : "off",
        diagnosis.recommended.samplesPerSec);
    if (profile.cpuDevice)
        diagnosis.assumptions.emplace_back("compute scales with intra-op threads; all threads share the cores");
    if (!profile.deviceTransforms)
        diagnosis.assumptions.emplace_back("device transforms cost what the host transform they replace costs");
    // Half the cores already busy is where this machine's figures stopped being repeatable
    // (OpenMP threads spinning at barriers while another process holds their core).
    if (profile.cpuDevice && profile.loadAverage > 0.5 * profile.cores)
        diagnosis.warnings.push_back(fmt::format(
            "the machine was busy when this run started (load average {:.1f} on {} cores): other processes "
            "competed for the cores, so these figures and predictions may not repeat",
            profile.loadAverage, profile.cores));
    return diagnosis;
}

void to_json(nlohmann::json& out, const PipelinePrediction& p) {
    out = {{"workers", p.workers},
           {"device_transforms", p.deviceTransforms},
           {"step_ms", p.stepMs},
           {"samples_per_s", p.samplesPerSec},
           {"measured_setting", p.isMeasuredSetting}};
}

void to_json(nlohmann::json& out, const Diagnosis& d) {
    const auto& p = d.profile;
    out = {{"bound", d.bound},
           {"data_wait_share", d.dataWaitShare},
           {"explanation", d.explanation},
           {"assumptions", d.assumptions},
           {"warnings", d.warnings},
           {"recommended", d.recommended},
           {"predictions", d.predictions},
           {"profile",
            {{"wall_ms", p.wallMs},
             {"data_wait_ms", p.dataWaitMs},
             {"compute_ms", p.computeMs},
             {"device_transform_ms", p.deviceTransformMs},
             {"load_ms", p.loadMs},
             {"decode_ms", p.decodeMs},
             {"host_transform_ms", p.hostTransformMs},
             {"intra_op_threads", p.intraOpThreads},
             {"cores", p.cores},
             {"load_average_1m", p.loadAverage},
             {"steps_used", p.stepsUsed}}}};
}

}  // namespace bb
