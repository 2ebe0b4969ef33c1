#include "bridgebench/diagnosis.h"

#include "bridgebench/other_processes.h"
#include "bridgebench/pipeline_probe.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <thread>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

namespace bb {

namespace {

double medianOfValues(std::vector<double> values) {
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
    return medianOfValues(std::move(values));
}

// Time per step as the run spent it. With workers ahead of an input-bound step, the steps
// alternate between taking the compute alone and waiting for two workers' worth of loading, and
// the median step is the short one: it said 11% data wait where the run spent 48% of its time
// waiting (mini-clip, two workers on two cores). Costs per batch keep the median, which a few
// steps beside a neighbour's spike do not move.
template <typename Field>
double meanOf(std::span<const StepMetrics> steps, Field field) {
    if (steps.empty()) return 0;
    double total = 0;
    for (const auto& step : steps) total += field(step);
    return total / static_cast<double>(steps.size());
}

int threadsFor(const PipelineProfile& profile, int workers) {
    if (profile.threadsFixed) return profile.intraOpThreads;
    // The engine's own choice (engine/trainer.cpp chooseIntraOpThreads) ...
    const int onFreeCores = std::max(1, profile.cores - workers);
    if (profile.threadsInsteadOf <= 0) return onFreeCores;
    // ... or, where others held cores at the start, the cores it found free less the workers
    // (engine/core_contention.cpp threadsThatFit), which gives the run's own setting its own count.
    return std::clamp(profile.intraOpThreads + profile.workers - workers, 1, onFreeCores);
}

// The probe's forward + backward time at `threads`: measured, or from the least-squares fit of
// a + b / threads over the measured counts (a: the serial part, b: the part that divides).
double curveAt(const std::map<int, double>& curve, int threads) {
    if (const auto found = curve.find(threads); found != curve.end()) return found->second;
    double sumX = 0, sumY = 0, sumXX = 0, sumXY = 0;
    for (const auto& [count, ms] : curve) {
        const double x = 1.0 / count;
        sumX += x;
        sumY += ms;
        sumXX += x * x;
        sumXY += x * ms;
    }
    const double n = static_cast<double>(curve.size());
    const double denominator = n * sumXX - sumX * sumX;
    double parallel = denominator > 0 ? (n * sumXY - sumX * sumY) / denominator : 0;
    parallel = std::max(0.0, parallel);
    const double serial = std::max(0.0, (sumY - parallel * sumX) / n);
    return serial + parallel / std::max(1, threads);
}

// The cores the run's threads share: what other processes left it when the probe measured
// that. A run with workers shows what it got while it ran, too, and load from elsewhere comes
// and goes, so the larger of the two counts. Half a core is the floor so that a momentary
// full machine does not predict near-zero speed.
double sharedCores(const PipelineProfile& p) {
    if (!p.probe.availableCores) return p.cores;
    const double during = p.workers > 0 ? p.cpuUtilisation : 0;
    return std::clamp(std::max(*p.probe.availableCores, during), 0.5, static_cast<double>(p.cores));
}

}  // namespace

bool canDiagnose(std::span<const StepMetrics> steps) {
    return std::any_of(steps.begin(), steps.end(), [](const StepMetrics& step) {
        return step.forwardMs > 0 || step.dataWaitMs > 0 || step.loadMs > 0;
    });
}

PipelineProfile profileRun(const RunRecord& run, std::span<const StepMetrics> steps) {
    PipelineProfile profile;
    // The warm-up the run was configured with, else the one its summary left out: never a default
    // of this build's for a run from elsewhere.
    const auto warmup = static_cast<std::size_t>(
        std::max<std::int64_t>(0, run.config.warmupSteps.value_or(run.summary.warmupSteps)));
    const auto counted = steps.size() > warmup ? steps.subspan(warmup) : steps;
    profile.stepsUsed = static_cast<std::int64_t>(counted.size());
    profile.wallMs = meanOf(counted, [](const StepMetrics& s) { return s.wallMs; });
    profile.dataWaitMs = meanOf(counted, [](const StepMetrics& s) { return s.dataWaitMs; });
    profile.computeMs = medianOf(counted, [](const StepMetrics& s) {
        return s.hostToDeviceMs + s.forwardMs + s.backwardMs + s.optimizerMs;
    });
    profile.deviceTransformMs = medianOf(counted, [](const StepMetrics& s) { return s.deviceTransformMs; });
    profile.forwardBackwardMs = medianOf(counted, [](const StepMetrics& s) { return s.forwardMs + s.backwardMs; });
    profile.cpuUtilisation = medianOf(counted, [](const StepMetrics& s) { return s.cpuUtilisation; });
    profile.loadMs = medianOf(counted, [](const StepMetrics& s) { return s.loadMs; });
    profile.decodeMs = medianOf(counted, [](const StepMetrics& s) { return s.readMs + s.decodeMs; });
    profile.hostTransformMs = medianOf(counted, [](const StepMetrics& s) { return s.transformMs + s.collateMs; });
    profile.readMs = medianOf(counted, [](const StepMetrics& s) { return s.readMs; });
    profile.collateMs = medianOf(counted, [](const StepMetrics& s) { return s.collateMs; });
    // A source that reports no breakdown (synthetic tensors) costs what the consumer waited.
    if (profile.loadMs <= 0 && run.workers == 0) profile.loadMs = profile.decodeMs = profile.dataWaitMs;
    // Only runs whose steps hold the parts are diagnosed (canDiagnose), and those state these.
    profile.batchSize = run.batchSize.value_or(0);
    profile.workers = static_cast<int>(run.workers.value_or(0));
    profile.deviceTransforms = run.deviceTransforms.value_or(false);
    profile.cpuDevice = run.deviceKind.empty() || run.deviceKind == "cpu";
    if (!profile.cpuDevice) {
        const auto& decode = run.summary.decode;
        const std::string site = decode.is_object() ? decode.value("site", std::string()) : std::string();
        profile.decodedOnDevice = profile.deviceTransforms && site == "nvjpeg";
        profile.decodesOnDevice = !profile.deviceTransforms || profile.decodedOnDevice;
    }
    const auto configuredThreads = run.config.threads.value_or(0);
    profile.threadsFixed = configuredThreads > 0;
    const auto& environment = run.environment;
    profile.intraOpThreads = environment.intraOpThreads.value_or(configuredThreads > 0 ? configuredThreads : 1);
    profile.threadsInsteadOf = environment.intraOpThreadsInsteadOf.value_or(0);
    // A run from another machine that does not say its cores is not held against this one's: the
    // predictions take the cores its own threads and workers used, and say so.
    profile.coresKnown = environment.logicalCores.has_value();
    profile.cores = std::max(1, environment.logicalCores.value_or(profile.intraOpThreads + profile.workers));
    profile.machineCores = profile.cores;
    profile.loadAverage = environment.loadAverage1m.value_or(-1.0);
    profile.availableCoresAtStart = run.summary.availableCoresAtStart.value_or(0.0);
    if (run.summary.otherCpuCores) {
        profile.otherCpuCores = *run.summary.otherCpuCores;
        profile.otherCpuCoresP95 = run.summary.otherCpuCoresP95.value_or(profile.otherCpuCores);
    }
    profile.probe = run.summary.probe;
    profile.worldSize = static_cast<int>(std::max<std::int64_t>(1, run.deviceCount.value_or(1)));
    profile.commMs = meanOf(counted, [](const StepMetrics& s) { return s.commMs; });
    if (const auto& dp = run.summary.distributed; dp.is_object()) {
        profile.allreduceFullMs = dp.value("allreduce_full_ms", 0.0);
        // Ranks on rank 0's machine share its cores.
        const auto& ranks = environment.ranks;
        int here = 0;
        for (const auto& rank : ranks)
            if (rank.host == ranks.front().host) ++here;
        if (here > 1) profile.cores = std::max(1, profile.cores / here);
    }
    return profile;
}

double predictComputeMs(const PipelineProfile& p, int threads) {
    if (!p.cpuDevice) return p.computeMs;
    const auto& curve = p.probe.forwardBackwardMsByThreads;
    if (curve.size() >= 2) {
        double reference = curveAt(curve, p.intraOpThreads);
        if (p.workers > 0) reference = std::max(reference, p.forwardBackwardMs);
        if (reference > 0) return p.computeMs * curveAt(curve, threads) / reference;
    }
    return p.computeMs * p.intraOpThreads / std::max(1, threads);
}

namespace {

// Compute for a target setting. The probe times compute warm and alone, which is how it runs
// beside loader workers: they load on other cores. A run without workers loads on the training
// thread between steps, and its compute pays for what the loading evicted from the caches (tiny
// at 2 threads: 66 ms in the run against 51 ms warm). So workers >= 1 get the probe's warm figure
// plus the run's own copy and optimizer time; workers = 0 get the run's figure scaled by the
// curve when the run had no workers either, and the warm figure otherwise.
double computeMsFor(const PipelineProfile& p, int threads, int workers) {
    const auto& curve = p.probe.forwardBackwardMsByThreads;
    if (!p.cpuDevice || curve.size() < 2) return predictComputeMs(p, threads);
    // The run's own compute carries its evictions only at its own thread count; at another, a
    // curve bent by other processes (fewerThreads) would scale it to well under the warm figure.
    if (workers == 0 && p.workers == 0 && threads == p.intraOpThreads) return predictComputeMs(p, threads);
    const double copyAndOptimizerMs = std::max(0.0, p.computeMs - p.forwardBackwardMs);
    return curveAt(curve, threads) + copyAndOptimizerMs;
}

}  // namespace

double predictStepMs(const PipelineProfile& p, int workers, bool deviceTransforms) {
    return predictStepMs(p, workers, deviceTransforms, threadsFor(p, workers));
}

double predictStepMs(const PipelineProfile& p, int workers, bool deviceTransforms, int threads) {
    // Costs as if each ran alone. With workers = 0 the run measured them so (loading and
    // compute took turns); with workers they overlapped and shared the cores, and the probe,
    // taken with nothing else running, has the solo figures.
    const bool overlapped = p.workers > 0 && p.cpuDevice;
    const auto solo = [overlapped](double measured, std::optional<double> probed) {
        if (!probed) return measured;
        return overlapped ? std::min(measured, *probed) : measured;
    };
    // A run with device transforms did no host transform and built no host batch; its probe did.
    const double hostTransformMs =
        p.deviceTransforms && p.probe.hostTransformMs ? *p.probe.hostTransformMs : p.hostTransformMs;
    double hostLoaderMs = p.decodeMs + hostTransformMs;
    double deviceLoaderMs = p.decodeMs;
    if (p.deviceTransforms) {
        deviceLoaderMs = solo(p.loadMs, p.probe.decodeMs);
        if (p.probe.loadMs) hostLoaderMs = *p.probe.loadMs;
    } else {
        hostLoaderMs = solo(p.loadMs, p.probe.loadMs);
        if (p.probe.decodeMs) deviceLoaderMs = *p.probe.decodeMs;
    }
    double loaderMs = deviceTransforms ? deviceLoaderMs : hostLoaderMs;

    double deviceMs = 0;
    if (deviceTransforms) {
        if (p.deviceTransforms) deviceMs = solo(p.deviceTransformMs, p.probe.deviceTransformMs);
        else if (p.probe.deviceTransformMs) deviceMs = *p.probe.deviceTransformMs;
        else deviceMs = hostTransformMs;  // unmeasured: the same work in batched tensor ops
    }
    // A GPU run without device decoding measured the CPU's decode, which device transforms take
    // off the loader: the workers then read and collate. nvJPEG's own time it did not measure,
    // nor the transforms unless its probe timed them: taken as free (on the H200 decode and
    // transforms together took 3.6-4.7 ms of a 236 ms step).
    if (deviceTransforms && p.decodesOnDevice && !p.decodedOnDevice) {
        loaderMs = p.readMs + p.collateMs;
        deviceMs = p.probe.deviceTransformMs.value_or(0);
    }

    // The all-reduce wait a data-parallel step adds does not depend on the loader's settings.
    const double computeMs = computeMsFor(p, threads, workers) + deviceMs + p.commMs;
    if (workers == 0) return loaderMs + computeMs;

    double stepMs = std::max(computeMs, loaderMs / workers);
    if (p.cpuDevice) {
        // All threads share the cores: a step cannot take less than its CPU work spread over
        // them. Compute's CPU work is its one-thread time (more threads add no useful work);
        // the device transforms run on LibTorch's pool, which the engine keeps at one thread.
        // Data parallel on CPUs: Gloo's copies and sums (over loopback, the kernel's too) run on
        // the same cores, so the all-reduce wait is CPU work the loader cannot fill (two ranks on
        // two cores, measured without workers: workers 1 predicted 672 samples/s without it, 559
        // with it; measured 468-533). A run measured with workers has that work inside its
        // compute time already, which the loader and Gloo's threads interrupted.
        const double commCpuMs = p.workers == 0 ? p.commMs : 0;
        const double cpuWorkMs = computeMsFor(p, 1, workers) + deviceMs + loaderMs + commCpuMs;
        stepMs = std::max(stepMs, cpuWorkMs / sharedCores(p));
    }
    return stepMs;
}

namespace {

double samplesPerSecAt(const PipelineProfile& p, double stepMs) {
    return stepMs > 0 ? static_cast<double>(p.batchSize * p.worldSize) * 1000.0 / stepMs : 0;
}

// More compute threads than the cores other processes leave: they wait for each other at every
// matrix product while one of them waits for its core, and 2 threads on 2 busy cores once took
// 1000 ms where 1 took 14. Called out past 1.5× (1.34× is this machine's tiny model on 2 idle
// cores).
void adviseFewerThreads(Diagnosis& d) {
    const PipelineProfile& p = d.profile;
    const auto& curve = p.probe.forwardBackwardMsByThreads;
    const auto own = curve.find(p.intraOpThreads);
    if (!p.cpuDevice || own == curve.end()) return;
    auto best = own;
    for (auto it = curve.begin(); it != own; ++it)
        if (it->second > 0 && it->second < best->second) best = it;
    if (best == own || best->second * 1.5 >= own->second) return;
    PipelinePrediction fewer;
    fewer.workers = p.workers;
    fewer.deviceTransforms = p.deviceTransforms;
    fewer.threads = best->first;
    fewer.stepMs = predictStepMs(p, p.workers, p.deviceTransforms, fewer.threads);
    fewer.samplesPerSec = samplesPerSecAt(p, fewer.stepMs);
    fewer.isMeasuredSetting = false;
    d.fewerThreads = fewer;
    Note note{Note::Kind::ThreadsWaited,
              {own->second, double(own->first), best->second, double(best->first), fewer.samplesPerSec},
              {}};
    std::string held;
    if (p.probe.availableCores) {
        note.kind = Note::Kind::ThreadsWaitedCoresHeld;
        note.figures.insert(note.figures.end(), {p.cores - *p.probe.availableCores, double(p.cores)});
        held = fmt::format(", with other processes holding {:.1f} of the {} cores", p.cores - *p.probe.availableCores,
                           p.cores);
    }
    note.text = fmt::format(
        "the compute threads waited for each other: forward + backward took {:.1f} ms on {} thread{} and {:.1f} ms "
        "on {} in the probe after the run{}; with threads={} this run's setting is predicted at {:.1f} samples/s",
        own->second, own->first, own->first == 1 ? "" : "s", best->second, best->first, held, fewer.threads,
        fewer.samplesPerSec);
    d.warnings.push_back(std::move(note));
}

// Past the worker count where loading hides behind compute, more workers change nothing on a GPU
// and only take compute threads on a CPU: the H200's 16 cores once listed 34 settings, 28 of them
// the same 205.0 samples/s. The study's settings (workers 0, 1, 2) and the run's own stay; above
// them a count is listed while it is faster than every smaller count, with either transform
// setting, by more than the 0.5% a prediction can tell apart.
void keepSettingsThatChangeTheStep(std::vector<PipelinePrediction>& predictions, int measuredWorkers) {
    constexpr int kStudyWorkers = 2;
    std::map<bool, double> bestSoFar;
    int lastFaster = kStudyWorkers;
    for (const auto& p : predictions) {
        if (p.workers <= kStudyWorkers) {
            bestSoFar[p.deviceTransforms] = std::max(bestSoFar[p.deviceTransforms], p.samplesPerSec);
            continue;
        }
        if (p.workers > lastFaster + 1) break;
        if (p.samplesPerSec > bestSoFar[p.deviceTransforms] * 1.005) lastFaster = p.workers;
        bestSoFar[p.deviceTransforms] = std::max(bestSoFar[p.deviceTransforms], p.samplesPerSec);
    }
    std::erase_if(predictions, [&](const PipelinePrediction& p) {
        return p.workers > lastFaster && p.workers != measuredWorkers;
    });
}

}  // namespace

Diagnosis diagnose(const PipelineProfile& profile) {
    Diagnosis diagnosis;
    diagnosis.profile = profile;
    diagnosis.dataWaitShare = profile.wallMs > 0 ? profile.dataWaitMs / profile.wallMs : 0;
    diagnosis.commShare = profile.wallMs > 0 ? profile.commMs / profile.wallMs : 0;
    // Input-bound when steps wait for data a tenth of their time, with or without workers, as
    // profilers call it (TensorFlow's: "input-bound" from 5-20% of the step waiting for input).
    // Without workers this once compared load against compute, and a run waiting 38% of every
    // step for its batches read "compute-bound" above a recommendation of more workers.
    const bool inputBound = diagnosis.dataWaitShare > 0.10;
    // Waiting on the gradient all-reduce longer than on data, and for a tenth of the step.
    const bool commBound = diagnosis.commShare > 0.10 && diagnosis.commShare > diagnosis.dataWaitShare;
    diagnosis.bound = commBound ? "communication-bound" : inputBound ? "input-bound" : "compute-bound";

    const int maxWorkers = std::max(2, profile.cores);
    // A run that decoded on the GPU measured nothing of the CPU's decode; without a probe to time
    // it, the settings that decode on the CPU are left out rather than predicted near free.
    const bool hostDecodingUnknown = profile.decodedOnDevice && !profile.probe.loadMs;
    for (int workers = 0; workers <= maxWorkers; ++workers) {
        for (bool transforms : {false, true}) {
            if (!transforms && hostDecodingUnknown) continue;
            PipelinePrediction prediction;
            prediction.workers = workers;
            prediction.deviceTransforms = transforms;
            prediction.threads = threadsFor(profile, workers);
            prediction.stepMs = predictStepMs(profile, workers, transforms, prediction.threads);
            prediction.samplesPerSec = samplesPerSecAt(profile, prediction.stepMs);
            prediction.isMeasuredSetting = workers == profile.workers && transforms == profile.deviceTransforms;
            diagnosis.predictions.push_back(prediction);
        }
    }
    keepSettingsThatChangeTheStep(diagnosis.predictions, profile.workers);
    // Prefer the simpler setting unless another is at least 3% faster.
    diagnosis.recommended = diagnosis.predictions.front();
    for (const auto& prediction : diagnosis.predictions)
        if (prediction.samplesPerSec > diagnosis.recommended.samplesPerSec * 1.03) diagnosis.recommended = prediction;

    // On a GPU the compute threads do not change the step (predictComputeMs), so the
    // recommendation does not name a count.
    const std::string threads =
        profile.cpuDevice ? fmt::format(", compute threads={}", diagnosis.recommended.threads) : std::string();
    diagnosis.explanation = fmt::format(
        "{}: a batch takes {:.1f} ms to load and {:.1f} ms to compute; the step waits {:.0f}% of its time for data. "
        "Recommended: workers={}{}, device transforms {} (predicted {:.1f} samples/s).",
        diagnosis.bound, profile.loadMs, profile.computeMs + profile.deviceTransformMs, diagnosis.dataWaitShare * 100,
        diagnosis.recommended.workers, threads, diagnosis.recommended.deviceTransforms ? "on" : "off",
        diagnosis.recommended.samplesPerSec);
    diagnosis.measuredSamplesPerSec = samplesPerSecAt(profile, profile.wallMs);
    const auto own = std::find_if(diagnosis.predictions.begin(), diagnosis.predictions.end(),
                                  [](const auto& prediction) { return prediction.isMeasuredSetting; });
    if (own != diagnosis.predictions.end() && diagnosis.measuredSamplesPerSec > 0 &&
        own->samplesPerSec > diagnosis.measuredSamplesPerSec * (1 + kUpperBoundMargin)) {
        diagnosis.predictionsAreUpperBounds = true;
        diagnosis.explanation += fmt::format(
            " The run's own setting measured {:.1f} samples/s and is predicted at {:.1f}: the predictions are upper "
            "bounds, each part at the cost the probe timed alone after the run (warm, nothing beside it), which the "
            "steps did not get; they rank the settings, and a setting may not reach its figure.",
            diagnosis.measuredSamplesPerSec, own->samplesPerSec);
    }
    if (profile.worldSize > 1) {
        const auto ringShare = [](int n) { return n > 1 ? 2.0 * (n - 1) / n : 0.0; };
        const double measuredStepMs = predictStepMs(profile, profile.workers, profile.deviceTransforms);
        for (int ranks : {1, 2, 4, 8}) {
            RankPrediction prediction;
            prediction.ranks = ranks;
            prediction.commMs = profile.commMs * ringShare(ranks) / ringShare(profile.worldSize);
            const double stepMs = measuredStepMs - profile.commMs + prediction.commMs;
            prediction.samplesPerSec = stepMs > 0 ? static_cast<double>(profile.batchSize * ranks) * 1000.0 / stepMs : 0;
            prediction.isMeasuredSetting = ranks == profile.worldSize;
            diagnosis.rankPredictions.push_back(prediction);
        }
        diagnosis.explanation += fmt::format(
            " Data parallel over {} ranks: the step waits {:.0f}% of its time for the gradient all-reduce "
            "({:.1f} ms{}).",
            profile.worldSize, diagnosis.commShare * 100, profile.commMs,
            profile.allreduceFullMs > 0 ? fmt::format("; one all-reduce of the whole gradient takes {:.1f} ms",
                                                      profile.allreduceFullMs)
                                        : std::string());
        diagnosis.assumptions.push_back(
            {Note::Kind::RanksScaleAsARing, {},
             "more ranks keep each rank's compute and loading, and the all-reduce wait grows as a ring's traffic "
             "per rank, 2(n-1)/n of the gradient, on the same links"});
    }
    if (profile.cpuDevice) {
        diagnosis.assumptions.push_back({Note::Kind::ThreadsShareTheCores, {}, "all threads share the cores"});
        if (!profile.coresKnown)
            diagnosis.assumptions.push_back(
                {Note::Kind::CoresUnknown,
                 {double(profile.cores)},
                 fmt::format("the run does not record its machine's cores: the predictions take the {} its compute "
                             "threads and workers used",
                             profile.cores)});
        if (!profile.threadsFixed && profile.probe.forwardBackwardMsByThreads.size() < 2)
            diagnosis.assumptions.push_back(
                {Note::Kind::ComputeScalesPerfectly, {},
                 "compute scales perfectly with its threads (the run took no probe: set probe=true to measure it)"});
    }
    if (profile.decodesOnDevice && !profile.decodedOnDevice)
        diagnosis.assumptions.push_back(
            {Note::Kind::DeviceDecodingTakenAsFree, {},
             "with device transforms nvJPEG decodes on the GPU: its decode, and the transforms unless the probe timed "
             "them, are taken as free beside the step (this run did not measure them)"});
    else if (!profile.deviceTransforms && !profile.probe.deviceTransformMs)
        diagnosis.assumptions.push_back({Note::Kind::DeviceTransformsCostTheHostTransform, {},
                                         "device transforms cost what the host transform they replace costs"});
    if (hostDecodingUnknown)
        diagnosis.assumptions.push_back(
            {Note::Kind::HostDecodingNotPredicted, {},
             "settings without device transforms are not predicted: this run decoded on the GPU, so the CPU's decode "
             "is unmeasured (probe=true measures it)"});
    else if (profile.deviceTransforms && !profile.probe.hostTransformMs)
        diagnosis.assumptions.push_back({Note::Kind::HostTransformCostsTheCollate, {},
                                         "the host transform costs what the loader's collate of raw images costs"});
    // Half the cores already busy is where this machine's figures stopped being repeatable
    // (compute threads waiting for each other while another process holds one's core).
    if (profile.probe.availableCores && *profile.probe.availableCores < 0.75 * profile.cores) {
        const double held = profile.cores - *profile.probe.availableCores;
        diagnosis.warnings.push_back(
            {Note::Kind::CoresHeldAfterRun,
             {held, double(profile.cores)},
             fmt::format("other processes held {:.1f} of the {} cores right after this run; the predictions assume "
                         "they keep that share",
                         held, profile.cores)});
    }
    adviseFewerThreads(diagnosis);
    if (profile.threadsInsteadOf > 0)
        diagnosis.warnings.push_back(
            {Note::Kind::EngineChoseFewerThreads,
             {double(profile.intraOpThreads), double(profile.threadsInsteadOf),
              profile.cores - profile.availableCoresAtStart, double(profile.cores)},
             fmt::format("the engine chose {} compute thread{} instead of {} (threads=0) because other processes "
                         "held {:.1f} of the {} cores when the run started; the predictions keep that choice",
                         profile.intraOpThreads, profile.intraOpThreads == 1 ? "" : "s", profile.threadsInsteadOf,
                         profile.cores - profile.availableCoresAtStart, profile.cores)});
    // What other processes took while the run ran, where it was measured: it sees neighbours
    // that started later or ran niced. Else what the cores gave busy threads as the run started;
    // else the load average, which counts this process's own threads and lags by a minute.
    const double heldAtStart = profile.cores - profile.availableCoresAtStart;
    if (std::isfinite(profile.otherCpuCores)) {
        if (auto note = otherProcessesNote(profile.otherCpuCores, profile.otherCpuCoresP95, profile.machineCores)) {
            note->kind = Note::Kind::OtherProcessesMayNotRepeat;
            note->text += ": these figures and predictions may not repeat";
            diagnosis.warnings.push_back(std::move(*note));
        }
    } else if (profile.cpuDevice && profile.availableCoresAtStart > 0 && heldAtStart >= 0.5)
        diagnosis.warnings.push_back(
            {Note::Kind::BusyAtStart,
             {heldAtStart, double(profile.cores)},
             fmt::format("the machine was busy when this run started (other processes held {:.1f} of the {} cores): "
                         "these figures and predictions may not repeat",
                         heldAtStart, profile.cores)});
    else if (profile.cpuDevice && profile.availableCoresAtStart <= 0 && profile.loadAverage > 0.5 * profile.cores)
        diagnosis.warnings.push_back(
            {Note::Kind::BusyLoadAverage,
             {profile.loadAverage, double(profile.cores)},
             fmt::format("the machine was busy when this run started (load average {:.1f} on {} cores): other "
                         "processes competed for the cores, so these figures and predictions may not repeat",
                         profile.loadAverage, profile.cores)});
    return diagnosis;
}

void to_json(nlohmann::json& out, const PipelinePrediction& p) {
    out = {{"workers", p.workers},
           {"device_transforms", p.deviceTransforms},
           {"threads", p.threads},
           {"step_ms", p.stepMs},
           {"samples_per_s", p.samplesPerSec},
           {"measured_setting", p.isMeasuredSetting}};
}

void to_json(nlohmann::json& out, const RankPrediction& p) {
    out = {{"ranks", p.ranks},
           {"comm_ms", p.commMs},
           {"samples_per_s", p.samplesPerSec},
           {"measured_setting", p.isMeasuredSetting}};
}

void to_json(nlohmann::json& out, const Diagnosis& d) {
    const auto& p = d.profile;
    out = {{"bound", d.bound},
           {"data_wait_share", d.dataWaitShare},
           {"comm_share", d.commShare},
           {"rank_predictions", d.rankPredictions},
           {"explanation", d.explanation},
           {"assumptions", d.assumptions},
           {"warnings", d.warnings},
           {"timeline_evidence", d.evidence},
           {"straggler_rank", d.stragglerRank ? nlohmann::json(*d.stragglerRank) : nlohmann::json()},
           {"recommended", d.recommended},
           {"fewer_threads", d.fewerThreads ? nlohmann::json(*d.fewerThreads) : nlohmann::json()},
           {"predictions", d.predictions},
           {"profile",
            {{"wall_ms", p.wallMs},
             {"data_wait_ms", p.dataWaitMs},
             {"compute_ms", p.computeMs},
             {"device_transform_ms", p.deviceTransformMs},
             {"load_ms", p.loadMs},
             {"decode_ms", p.decodeMs},
             {"host_transform_ms", p.hostTransformMs},
             {"read_ms", p.readMs},
             {"collate_ms", p.collateMs},
             {"decoded_on_device", p.decodedOnDevice},
             {"decodes_on_device", p.decodesOnDevice},
             {"intra_op_threads", p.intraOpThreads},
             {"intra_op_threads_instead_of", p.threadsInsteadOf},
             {"cores", p.cores},
             {"machine_cores", p.machineCores},
             {"load_average_1m", p.loadAverage},
             {"available_cores_at_start", p.availableCoresAtStart},
             {"other_cpu_cores", p.otherCpuCores},  // null: not measured
             {"other_cpu_cores_p95", p.otherCpuCoresP95},
             {"cpu_utilisation", p.cpuUtilisation},
             {"steps_used", p.stepsUsed},
             {"world_size", p.worldSize},
             {"comm_ms", p.commMs},
             {"allreduce_full_ms", p.allreduceFullMs},
             {"probe", p.probe}}}};
    // On a GPU the compute threads do not change the step (predictComputeMs): no count is a
    // setting there, as the text table and the window leave the column out.
    if (!p.cpuDevice) {
        for (auto& prediction : out["predictions"]) prediction["threads"] = nullptr;
        out["recommended"]["threads"] = nullptr;
    }
}

}  // namespace bb
