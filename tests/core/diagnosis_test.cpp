#include "bridgebench/diagnosis.h"

#include "bridgebench/pipeline_probe.h"

#include <algorithm>
#include <map>
#include <set>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>
#include "support/stored_summary.h"

namespace bb::diagnosis_test {
namespace {

// A run whose every step costs the same: `loadMs` to build a batch (read+decode `decodeMs`,
// the rest host transforms) and `computeMs` of copy + forward + backward + optimizer.
struct Fixture {
    RunRecord run;
    std::vector<StepMetrics> steps;
};

Fixture measuredRun(int workers, double loadMs, double decodeMs, double computeMs, double dataWaitMs,
                    std::string device = "cpu", int cores = 2, int threads = 0) {
    Fixture f;
    f.run.batchSize = 16;
    f.run.workers = workers;
    f.run.deviceKind = device;
    f.run.config = nlohmann::json{{"warmup_steps", 2}, {"threads", threads}}.get<RunSettings>();
    f.run.environment.intraOpThreads = threads > 0 ? threads : std::max(1, cores - workers);
    f.run.environment.logicalCores = cores;
    f.run.environment.loadAverage1m = 0.1;
    for (int i = 0; i < 12; ++i) {
        StepMetrics s;
        s.step = i;
        // Warm-up steps are slow and must not count.
        const double scale = i < 2 ? 10.0 : 1.0;
        s.loadMs = loadMs * scale;
        s.readMs = decodeMs / 2;
        s.decodeMs = decodeMs / 2;
        s.transformMs = loadMs - decodeMs;
        s.dataWaitMs = dataWaitMs * scale;
        s.forwardMs = computeMs / 2 * scale;
        s.backwardMs = computeMs / 2 * scale;
        s.wallMs = s.dataWaitMs + s.forwardMs + s.backwardMs;
        f.steps.push_back(s);
    }
    return f;
}

TEST(Diagnosis, ProfileTakesMediansAfterWarmUp) {
    const auto f = measuredRun(0, 60, 40, 30, 60);
    const PipelineProfile profile = profileRun(f.run, f.steps);
    EXPECT_EQ(profile.stepsUsed, 10);
    EXPECT_DOUBLE_EQ(profile.loadMs, 60);
    EXPECT_DOUBLE_EQ(profile.decodeMs, 40);
    EXPECT_DOUBLE_EQ(profile.hostTransformMs, 20);
    EXPECT_DOUBLE_EQ(profile.computeMs, 30);
    EXPECT_DOUBLE_EQ(profile.wallMs, 90);
}

// Two workers ahead of an input-bound step: steps alternate between the compute alone and a wait
// for loading. The median step waits nothing; the run waited 48% of its time (mini-clip, batch 8,
// two cores). The share is the run's, as its summary gives it.
TEST(Diagnosis, TheDataWaitShareIsOfTheRunsTimeNotOfItsMedianStep) {
    auto f = measuredRun(2, 12, 10, 3, 0);
    // Of the 10 counted steps, 3 wait (steps 3, 6 and 9): the median step is a short one.
    for (std::size_t i = 2; i < f.steps.size(); ++i) {
        f.steps[i].dataWaitMs = i % 3 == 0 ? 8.0 : 0.5;
        f.steps[i].wallMs = f.steps[i].dataWaitMs + 3;
    }
    const Diagnosis d = diagnose(profileRun(f.run, f.steps));
    EXPECT_DOUBLE_EQ(d.dataWaitShare, (7 * 0.5 + 3 * 8.0) / (7 * 3.5 + 3 * 11.0));
    EXPECT_DOUBLE_EQ(d.profile.wallMs, (7 * 3.5 + 3 * 11.0) / 10);
    EXPECT_EQ(d.bound, "input-bound");
}

TEST(Diagnosis, SlowLoadingWithoutWorkersIsInputBoundAndWorkersAreRecommended) {
    // A GPU-like device: compute does not share the loader's cores.
    const auto f = measuredRun(0, 80, 60, 20, 80, "cuda");
    const Diagnosis d = diagnose(profileRun(f.run, f.steps));
    EXPECT_EQ(d.bound, "input-bound");
    EXPECT_DOUBLE_EQ(predictStepMs(d.profile, 0, false), 100);  // load + compute, as measured
    EXPECT_DOUBLE_EQ(predictStepMs(d.profile, 2, false), 40);   // two workers share the 80 ms
    EXPECT_DOUBLE_EQ(predictStepMs(d.profile, 4, false), 20);   // then compute bounds it
    EXPECT_GE(d.recommended.workers, 2);
    EXPECT_GT(d.recommended.samplesPerSec, 16 * 1000.0 / 100);
}

TEST(Diagnosis, ADataParallelRunWaitingOnTheAllReduceIsCommunicationBound) {
    auto f = measuredRun(0, 2, 1, 50, 2, "cuda");
    f.run.deviceCount = 2;
    f.run.summary = bb::test::storedSummary(nlohmann::json{{"distributed", {{"world_size", 2}, {"allreduce_full_ms", 30.0}}}});
    for (auto& step : f.steps) {
        step.commMs = 25;
        step.wallMs += 25;
    }
    const Diagnosis d = diagnose(profileRun(f.run, f.steps));
    EXPECT_EQ(d.bound, "communication-bound");
    EXPECT_NEAR(d.commShare, 25.0 / 77, 1e-9);
    EXPECT_DOUBLE_EQ(d.profile.allreduceFullMs, 30);
    EXPECT_NE(d.explanation.find("all-reduce"), std::string::npos) << d.explanation;
    // Global samples/s: two ranks of 16.
    EXPECT_NEAR(predictStepMs(d.profile, 0, false), 77, 1e-9);
    ASSERT_EQ(d.rankPredictions.size(), 4u);
    EXPECT_EQ(d.rankPredictions[0].ranks, 1);
    EXPECT_DOUBLE_EQ(d.rankPredictions[0].commMs, 0);  // one rank talks to no one
    EXPECT_NEAR(d.rankPredictions[0].samplesPerSec, 16 * 1000.0 / 52, 1e-9);
    EXPECT_TRUE(d.rankPredictions[1].isMeasuredSetting);
    EXPECT_NEAR(d.rankPredictions[1].samplesPerSec, 32 * 1000.0 / 77, 1e-9);
    // Eight ranks: the ring moves 2·7/8 of the gradient per rank against 2·1/2 at two.
    EXPECT_NEAR(d.rankPredictions[3].commMs, 25 * 1.75, 1e-9);
}

// Two ranks of the tiny model on a 2-core machine, one compute thread each: 8.5 ms of loading,
// 15.3 of compute and 4.8 of all-reduce wait a step, about 539 samples/s. With a loader worker
// each the diagnosis predicted 672 and recommended it; measured: 468-533 at one worker and 545
// at two. Gloo's copies and sums (over loopback, the kernel's too) run on the ranks' cores, so
// the wait is CPU work that the loader cannot fill.
TEST(Diagnosis, OnCpuRanksTheAllReduceWaitIsCpuWorkThatWorkersCannotHide) {
    auto f = measuredRun(0, 8.5, 8, 15.3, 8.5, "cpu", 2, 1);
    f.run.deviceCount = 2;
    f.run.summary = bb::test::storedSummary(nlohmann::json{{"distributed", {{"world_size", 2}, {"allreduce_full_ms", 0.9}}}});
    f.run.environment.ranks = {{"a", {{"rank", 0}}}, {"a", {{"rank", 1}}}};
    for (auto& step : f.steps) {
        step.commMs = 4.8;
        step.wallMs += 4.8;
    }
    const Diagnosis d = diagnose(profileRun(f.run, f.steps));
    ASSERT_EQ(d.profile.cores, 1);
    EXPECT_NEAR(predictStepMs(d.profile, 0, false), 8.5 + 15.3 + 4.8, 1e-9);
    EXPECT_GE(predictStepMs(d.profile, 1, false), 8.5 + 15.3 + 4.8 - 1e-9)
        << "one core per rank does the loading, the compute and the all-reduce's share in turn";
    EXPECT_EQ(d.recommended.workers, 0) << d.explanation;

    // Measured with a worker each (533 samples/s: 16.3 ms loading in the worker, 24.1 of
    // compute that the worker and Gloo interrupted, 6.4 of wait), the wait is inside the compute
    // time already: the run's own setting predicts close to what it measured.
    auto withWorker = measuredRun(1, 16.3, 8, 24.1, 0.5, "cpu", 2, 1);
    withWorker.run.deviceCount = 2;
    withWorker.run.summary = f.run.summary;
    withWorker.run.summary.probe = nlohmann::json{{"load_ms", 8.5}, {"decode_ms", 8.0}, {"available_cores", 2.0}}.get<PipelineProbe>();
    withWorker.run.environment.ranks = f.run.environment.ranks;
    for (auto& step : withWorker.steps) {
        step.commMs = 6.4;
        step.wallMs += 6.4;
    }
    const PipelineProfile measured = profileRun(withWorker.run, withWorker.steps);
    EXPECT_NEAR(predictStepMs(measured, 1, false), measured.wallMs, 0.1 * measured.wallMs);
}

// The tiny model on two cores without workers: 9.6 ms of loading and 15.1 of compute a step.
TEST(Diagnosis, WaitingAThirdOfEveryStepForDataIsInputBoundEvenWhenComputeTakesLonger) {
    const auto f = measuredRun(0, 10, 8, 15, 10, "cpu", 2, 2);
    const Diagnosis d = diagnose(profileRun(f.run, f.steps));
    EXPECT_NEAR(d.dataWaitShare, 0.4, 1e-9);
    EXPECT_EQ(d.bound, "input-bound");
    EXPECT_EQ(d.explanation.rfind("input-bound:", 0), 0u) << d.explanation;
}

TEST(Diagnosis, FastLoadingIsComputeBoundAndKeepsTheSimplestSetting) {
    const auto f = measuredRun(0, 2, 1, 50, 2, "cuda");
    const Diagnosis d = diagnose(profileRun(f.run, f.steps));
    EXPECT_EQ(d.bound, "compute-bound");
    // One worker saves only the 2 ms load of 52 (4%): above the 3% bar, so it is recommended.
    EXPECT_EQ(d.recommended.workers, 1);
    EXPECT_FALSE(d.recommended.deviceTransforms);
}

TEST(Diagnosis, OnACpuAllThreadsShareTheCores) {
    // Compute pinned to one thread; two workers on two cores cannot beat the CPU work / cores.
    const auto f = measuredRun(0, 40, 30, 40, 40, "cpu", 2, 1);
    const PipelineProfile profile = profileRun(f.run, f.steps);
    EXPECT_DOUBLE_EQ(predictStepMs(profile, 0, false), 80);
    EXPECT_DOUBLE_EQ(predictStepMs(profile, 1, false), 40);
    EXPECT_DOUBLE_EQ(predictStepMs(profile, 2, false), 40);  // (40 compute + 40 load) / 2 cores
}

TEST(Diagnosis, DeviceTransformsMoveTheHostTransformOntoTheTrainingDevice) {
    const auto f = measuredRun(0, 50, 20, 30, 50, "cpu");
    const PipelineProfile profile = profileRun(f.run, f.steps);
    // Loader keeps read + decode (20 ms); the 30 ms transform is assumed to cost as much on the device.
    EXPECT_DOUBLE_EQ(predictStepMs(profile, 0, true), 20 + 30 + 30);
    EXPECT_FALSE(profile.decodesOnDevice);
}

// On a GPU device transforms decode with nvJPEG there too: the loader keeps the read (10 ms of
// the 20) and nvJPEG's time, which this run did not measure, is taken as free.
TEST(Diagnosis, OnAGpuDeviceTransformsTakeTheDecodeOffTheLoaderToo) {
    const auto f = measuredRun(0, 50, 20, 30, 50, "cuda");
    const Diagnosis d = diagnose(profileRun(f.run, f.steps));
    EXPECT_TRUE(d.profile.decodesOnDevice);
    EXPECT_DOUBLE_EQ(predictStepMs(d.profile, 0, true), 10 + 30);
    EXPECT_DOUBLE_EQ(predictStepMs(d.profile, 1, true), 30);
    ASSERT_FALSE(d.assumptions.empty());
    EXPECT_EQ(d.assumptions.back().kind, Note::Kind::DeviceDecodingTakenAsFree);

    // Where nvJPEG did not load, the run decoded on the CPU with device transforms on (the stated
    // fallback), and so would every setting with them.
    auto fellBack = measuredRun(0, 30, 20, 30, 30, "cuda");
    fellBack.run.deviceTransforms = true;
    fellBack.run.summary = bb::test::storedSummary(nlohmann::json{{"decode", {{"device_wanted", true}, {"site", "cpu"}, {"fallback", "no nvJPEG"}}}});
    EXPECT_FALSE(profileRun(fellBack.run, fellBack.steps).decodesOnDevice);
}

// The H200's measured medians (core/references/h200-2026-12-04: BridgeTower-large, bf16, batch 48,
// 640x480 JPEGs). From workers 0 without device transforms, where the CPU decode took a third of
// each step, decoding on the device was measured at 199.5 samples/s (the model said 140.9 before
// it knew the decode moves too) and one worker without it at 205.0.
TEST(Diagnosis, TheH200RunsPredictEachOtherWithinAFewPercent) {
    const auto h200 = [](int workers, bool deviceTransforms) {
        Fixture f;
        f.run.batchSize = 48;
        f.run.workers = workers;
        f.run.deviceTransforms = deviceTransforms;
        f.run.deviceKind = "cuda";
        f.run.config = nlohmann::json{{"warmup_steps", 3}}.get<RunSettings>();
        f.run.environment = nlohmann::json{{"intra_op_threads", 16 - workers}, {"logical_cores", 16}}.get<RunEnvironment>();
        f.run.summary = bb::test::storedSummary(nlohmann::json{{"decode", {{"device_wanted", deviceTransforms}, {"site", deviceTransforms ? "nvjpeg" : "cpu"}}}});
        for (int i = 0; i < 43; ++i) {
            StepMetrics s;
            s.step = i;
            if (deviceTransforms) {  // run 18 of the device check, workers 0
                s.readMs = 0.7, s.decodeMs = 0.1, s.collateMs = 0.9, s.loadMs = 2.6, s.deviceTransformMs = 3.6;
                s.forwardMs = 72.6, s.backwardMs = 133.6, s.optimizerMs = 29.5, s.dataWaitMs = 2.8;
            } else {  // run 17
                s.readMs = 1.1, s.decodeMs = 78.9, s.transformMs = 38.0, s.collateMs = 0.4, s.loadMs = 119.1;
                s.hostToDeviceMs = 0.8, s.forwardMs = 72.9, s.backwardMs = 133.0, s.optimizerMs = 29.9;
                s.dataWaitMs = 119.4;
            }
            s.wallMs = s.dataWaitMs + s.hostToDeviceMs + s.forwardMs + s.backwardMs + s.optimizerMs + s.deviceTransformMs;
            f.steps.push_back(s);
        }
        return diagnose(profileRun(f.run, f.steps));
    };
    const auto predicted = [](const Diagnosis& d, int workers, bool deviceTransforms) {
        for (const auto& p : d.predictions)
            if (p.workers == workers && p.deviceTransforms == deviceTransforms) return p.samplesPerSec;
        return -1.0;
    };
    const Diagnosis cpuDecoded = h200(0, false);
    EXPECT_EQ(cpuDecoded.bound, "input-bound");
    EXPECT_NEAR(predicted(cpuDecoded, 0, true), 199.5, 0.05 * 199.5);
    EXPECT_NEAR(predicted(cpuDecoded, 1, false), 205.0, 0.05 * 205.0);
    EXPECT_NEAR(predicted(cpuDecoded, 1, true), 193.9, 0.05 * 193.9);

    // From the device-decoded run: its own setting and the others with device transforms; none
    // without them, whose CPU decode it never measured (it took no probe).
    const Diagnosis gpuDecoded = h200(0, true);
    EXPECT_EQ(gpuDecoded.bound, "compute-bound");
    EXPECT_NEAR(predicted(gpuDecoded, 0, true), 199.5, 0.05 * 199.5);
    EXPECT_NEAR(predicted(gpuDecoded, 1, true), 193.9, 0.05 * 193.9);
    EXPECT_EQ(predicted(gpuDecoded, 1, false), -1.0);
    EXPECT_TRUE(gpuDecoded.recommended.deviceTransforms);
    ASSERT_FALSE(gpuDecoded.assumptions.empty());
    EXPECT_EQ(gpuDecoded.assumptions.back().kind, Note::Kind::HostDecodingNotPredicted);
    // Compute threads do not change a GPU step: the recommendation names none (it said
    // "compute threads=16").
    EXPECT_EQ(gpuDecoded.explanation.find("compute threads"), std::string::npos) << gpuDecoded.explanation;
    EXPECT_NE(gpuDecoded.explanation.find("Recommended: workers=0, device transforms on"), std::string::npos)
        << gpuDecoded.explanation;
}

// `show --json` listed a compute-thread count (16) beside every setting of the H200's runs, where
// the step does not depend on it: the text table and the window leave that column out on a GPU,
// and the JSON says null, as it does for what was not measured.
TEST(Diagnosis, TheJsonGivesNoComputeThreadsWhereTheyDoNotChangeTheStep) {
    const auto gpu = measuredRun(0, 119, 79, 236, 119, "cuda", 16);
    const nlohmann::json onGpu = diagnose(profileRun(gpu.run, gpu.steps));
    ASSERT_FALSE(onGpu["predictions"].empty());
    for (const auto& prediction : onGpu["predictions"]) EXPECT_TRUE(prediction["threads"].is_null()) << prediction;
    EXPECT_TRUE(onGpu["recommended"]["threads"].is_null()) << onGpu["recommended"];
    EXPECT_EQ(onGpu["profile"]["intra_op_threads"], 16) << "what the run itself used stays";

    const auto cpu = measuredRun(0, 50, 20, 30, 50, "cpu", 2);
    const nlohmann::json onCpu = diagnose(profileRun(cpu.run, cpu.steps));
    ASSERT_FALSE(onCpu["predictions"].empty());
    for (const auto& prediction : onCpu["predictions"]) EXPECT_GE(prediction["threads"].get<int>(), 1) << prediction;
    EXPECT_GE(onCpu["recommended"]["threads"].get<int>(), 1);
}

// The H200's workers-0 run on its 16 cores listed 34 settings, workers 0..16 with and without
// device transforms, 28 of them the same 205.0 samples/s: past one worker, loading hides behind
// the step. The settings stop where more workers no longer make the step faster.
TEST(Diagnosis, SettingsStopWhereMoreWorkersNoLongerHelp) {
    const auto workersListed = [](const Diagnosis& d) {
        std::set<int> workers;
        for (const auto& p : d.predictions) workers.insert(p.workers);
        return workers;
    };
    // Loading (119 ms) hides behind one worker's step (236 ms): the study's three settings stay.
    auto f = measuredRun(0, 119, 79, 236, 119, "cuda", 16);
    const Diagnosis fast = diagnose(profileRun(f.run, f.steps));
    EXPECT_EQ(workersListed(fast), (std::set<int>{0, 1, 2}));
    EXPECT_EQ(fast.predictions.size(), 6U);

    // Loading at 900 ms needs four workers to hide behind 236 ms; a fifth adds nothing.
    f = measuredRun(0, 900, 600, 236, 900, "cuda", 16);
    const Diagnosis slow = diagnose(profileRun(f.run, f.steps));
    EXPECT_EQ(workersListed(slow), (std::set<int>{0, 1, 2, 3, 4}));
    // Without device transforms, that is: with them the GPU decodes and two workers suffice.
    EXPECT_EQ(slow.recommended.workers, 2);
    EXPECT_TRUE(slow.recommended.deviceTransforms);

    // The run's own setting is listed wherever it lies.
    f = measuredRun(9, 119, 79, 236, 1, "cuda", 16);
    const Diagnosis own = diagnose(profileRun(f.run, f.steps));
    EXPECT_EQ(workersListed(own), (std::set<int>{0, 1, 2, 9}));
    EXPECT_EQ(std::count_if(own.predictions.begin(), own.predictions.end(),
                            [](const PipelinePrediction& p) { return p.isMeasuredSetting; }),
              1);

    // On a CPU more workers take compute threads: the counts are listed while they gain.
    f = measuredRun(0, 400, 300, 40, 400, "cpu", 16);
    const Diagnosis cpu = diagnose(profileRun(f.run, f.steps));
    const auto listed = workersListed(cpu);
    ASSERT_GT(listed.size(), 3U);
    EXPECT_LT(*listed.rbegin(), 16);
    for (const int workers : listed) EXPECT_EQ(workers, *std::next(listed.begin(), workers)) << "no gaps";
}

TEST(Diagnosis, MeasuredThreadScalingReplacesThePerfectScalingAssumption) {
    // Two cores, no workers: compute ran on 2 threads. The probe says 1 thread takes 1.25×
    // as long, not 2×, as on the tiny model here.
    auto f = measuredRun(0, 80, 60, 40, 80);
    const PipelineProfile assumed = profileRun(f.run, f.steps);
    EXPECT_DOUBLE_EQ(predictComputeMs(assumed, 1), 80);
    EXPECT_DOUBLE_EQ(predictStepMs(assumed, 1, false), std::max(80.0, 80.0));

    PipelineProbe probe;
    probe.forwardBackwardMsByThreads = {{1, 50}, {2, 40}};
    f.run.summary.probe = probe;
    const PipelineProfile measured = profileRun(f.run, f.steps);
    EXPECT_DOUBLE_EQ(predictComputeMs(measured, 2), 40);  // the run's own figure
    EXPECT_DOUBLE_EQ(predictComputeMs(measured, 1), 50);  // 40 × 50 / 40
    // One worker: loading (80) and compute (50) overlap on their own cores.
    EXPECT_DOUBLE_EQ(predictStepMs(measured, 1, false), 80);
    // Two workers and one compute thread share two cores: (50 + 80) / 2.
    EXPECT_DOUBLE_EQ(predictStepMs(measured, 2, false), 65);
    const Diagnosis d = diagnose(measured);
    for (const auto& assumption : d.assumptions) EXPECT_EQ(assumption.text.find("perfectly"), std::string::npos) << assumption.text;
}

TEST(Diagnosis, CoresHeldByOtherProcessesAreNotSharedOut) {
    auto f = measuredRun(0, 80, 60, 40, 80);
    PipelineProbe probe;
    probe.forwardBackwardMsByThreads = {{1, 50}, {2, 40}};
    probe.availableCores = 2.0;
    f.run.summary.probe = probe;
    EXPECT_DOUBLE_EQ(predictStepMs(profileRun(f.run, f.steps), 2, false), 65);  // (50 + 80) / 2
    EXPECT_TRUE(diagnose(profileRun(f.run, f.steps)).warnings.empty());

    // Another process kept one of the two cores busy: the same work gets one core.
    probe.availableCores = 1.0;
    f.run.summary.probe = probe;
    const PipelineProfile busy = profileRun(f.run, f.steps);
    EXPECT_DOUBLE_EQ(predictStepMs(busy, 2, false), 130);
    const Diagnosis d = diagnose(busy);
    ASSERT_FALSE(d.warnings.empty());
    EXPECT_NE(d.warnings.front().text.find("1.0 of the 2 cores"), std::string::npos) << d.warnings.front().text;
}

TEST(Diagnosis, ARunWithWorkersIsPredictedFromItsSoloCosts) {
    // One worker on two cores: loading (60 ms a batch) and compute (100 ms) overlapped and
    // slowed each other. The probe, with the loader stopped, timed them alone.
    auto f = measuredRun(1, 60, 45, 100, 0);
    PipelineProbe probe;
    probe.forwardBackwardMsByThreads = {{1, 80}, {2, 70}};
    probe.loadMs = 40;
    probe.decodeMs = 30;
    probe.availableCores = 2;
    f.run.summary.probe = probe;
    const PipelineProfile profile = profileRun(f.run, f.steps);
    EXPECT_DOUBLE_EQ(profile.forwardBackwardMs, 100);
    EXPECT_DOUBLE_EQ(predictComputeMs(profile, 1), 80);
    EXPECT_DOUBLE_EQ(predictComputeMs(profile, 2), 70);
    EXPECT_DOUBLE_EQ(predictStepMs(profile, 0, false), 40 + 70);  // solo load, then two-thread compute
    EXPECT_DOUBLE_EQ(predictStepMs(profile, 1, false), 80);
}

// A tour saw 357 samples/s predicted for the run's own setting, which measured 217, with nothing
// in the headline saying why. Here the probe timed the parts alone at 80 ms a step where the
// run's steps took 100: the headline says the predictions are upper bounds.
TEST(Diagnosis, APredictionAboveWhatTheRunMeasuredIsCalledAnUpperBound) {
    auto f = measuredRun(1, 60, 45, 100, 0);
    PipelineProbe probe;
    probe.forwardBackwardMsByThreads = {{1, 80}, {2, 70}};
    probe.loadMs = 40;
    probe.decodeMs = 30;
    probe.availableCores = 2;
    f.run.summary.probe = probe;
    const Diagnosis diagnosis = diagnose(profileRun(f.run, f.steps));
    EXPECT_DOUBLE_EQ(diagnosis.measuredSamplesPerSec, 16 * 1000.0 / 100);
    EXPECT_TRUE(diagnosis.predictionsAreUpperBounds);
    EXPECT_NE(diagnosis.explanation.find("The run's own setting measured 160.0 samples/s and is predicted at 200.0: "
                                         "the predictions are upper bounds"),
              std::string::npos)
        << diagnosis.explanation;

    // Predicted as measured: nothing to explain.
    const auto plain = measuredRun(0, 20, 18, 62, 20);
    const Diagnosis asMeasured = diagnose(profileRun(plain.run, plain.steps));
    EXPECT_FALSE(asMeasured.predictionsAreUpperBounds);
    EXPECT_EQ(asMeasured.explanation.find("upper bounds"), std::string::npos) << asMeasured.explanation;
}

TEST(Diagnosis, WorkersSpareComputeTheCachesThatLoadingInlineEvicts) {
    // No workers: 20 ms of loading on the training thread, then 66 ms of compute, of which
    // 62 forward + backward. The probe timed forward + backward warm: 51 ms at 2 threads,
    // 38 at 1 (the tiny model here).
    auto f = measuredRun(0, 20, 18, 62, 20);
    for (auto& step : f.steps) step.optimizerMs = 4;
    PipelineProbe probe;
    probe.forwardBackwardMsByThreads = {{1, 38}, {2, 51}};
    f.run.summary.probe = probe;
    const PipelineProfile profile = profileRun(f.run, f.steps);
    EXPECT_DOUBLE_EQ(predictStepMs(profile, 0, false), 20 + 66);  // as measured
    // One worker loads on the other core: compute runs warm on 1 thread, 38 + 4.
    EXPECT_DOUBLE_EQ(predictStepMs(profile, 1, false), 42);
}

TEST(Diagnosis, ThreadCountsTheProbeSkippedFollowAFittedCurve) {
    auto f = measuredRun(0, 10, 5, 30, 10, "cpu", 8);
    PipelineProbe probe;
    // Exactly 6 + 24 / threads: 6 ms never divides.
    probe.forwardBackwardMsByThreads = {{1, 30}, {6, 10}, {7, 6 + 24.0 / 7}, {8, 9}};
    f.run.summary.probe = probe;
    const PipelineProfile profile = profileRun(f.run, f.steps);
    ASSERT_EQ(profile.intraOpThreads, 8);
    EXPECT_NEAR(predictComputeMs(profile, 4), 30 * (6 + 24.0 / 4) / 9, 1e-9);
    EXPECT_NEAR(predictComputeMs(profile, 2), 30 * (6 + 24.0 / 2) / 9, 1e-9);
}

TEST(Diagnosis, ProbedTransformCostsPredictTheOtherImagePath) {
    // Host path measured: loader 50 ms of which 20 read + decode, compute 30 ms on a GPU. With
    // device transforms nvJPEG decodes there too, so the loader keeps the 10 ms read.
    auto hostRun = measuredRun(0, 50, 20, 30, 50, "cuda");
    PipelineProbe probe;
    probe.hostTransformMs = 30;
    probe.deviceTransformMs = 6;  // the accelerator's batched resize
    hostRun.run.summary.probe = probe;
    const PipelineProfile host = profileRun(hostRun.run, hostRun.steps);
    EXPECT_DOUBLE_EQ(predictStepMs(host, 0, true), 10 + 6 + 30);
    const Diagnosis d = diagnose(host);
    for (const auto& assumption : d.assumptions) EXPECT_EQ(assumption.text.find("device transforms cost"), std::string::npos);

    // Device path measured, its decode on the CPU (nvJPEG did not load): the loader only decoded
    // (20 ms); its probe timed the host transform.
    auto deviceRun = measuredRun(0, 20, 20, 30, 20, "cuda");
    deviceRun.run.deviceTransforms = true;
    for (auto& step : deviceRun.steps) step.deviceTransformMs = 6;
    deviceRun.run.summary.probe = probe;
    const PipelineProfile device = profileRun(deviceRun.run, deviceRun.steps);
    EXPECT_DOUBLE_EQ(predictStepMs(device, 0, false), 20 + 30 + 30);
    EXPECT_DOUBLE_EQ(predictStepMs(device, 0, true), 20 + 6 + 30);
}

// As a run on this machine measured it while a build held a core: 2 compute threads took
// 359 ms a step where the probe after the run timed 14.2 ms on 1 thread and 1000 ms on 2.
// The table once recommended "workers 1" at 14 times the speed without saying that the gain
// is the one compute thread that setting leaves, not the worker.
TEST(Diagnosis, ComputeThreadsWaitingForEachOtherAreCalledOutWithTheCountThatAvoidsIt) {
    auto f = measuredRun(0, 15, 14, 359, 15);
    PipelineProbe probe;
    probe.forwardBackwardMsByThreads = {{1, 14.2}, {2, 1000}};
    probe.availableCores = 1.2;
    f.run.summary.probe = probe;
    const Diagnosis d = diagnose(profileRun(f.run, f.steps));
    for (const auto& prediction : d.predictions)
        EXPECT_EQ(prediction.threads, std::max(1, 2 - prediction.workers)) << prediction.workers;
    EXPECT_EQ(d.recommended.threads, 1);
    ASSERT_TRUE(d.fewerThreads.has_value());
    EXPECT_EQ(d.fewerThreads->workers, 0);
    EXPECT_EQ(d.fewerThreads->threads, 1);
    // Loading on the training thread, then the warm one-thread compute: 15 + 14.2 ms.
    EXPECT_NEAR(d.fewerThreads->stepMs, 15 + 14.2, 1e-9);
    EXPECT_NEAR(d.fewerThreads->samplesPerSec, 16 * 1000 / (15 + 14.2), 1e-9);
    bool said = false;
    for (const auto& warning : d.warnings)
        said = said || (warning.text.find("1000.0 ms on 2 threads and 14.2 ms on 1") != std::string::npos &&
                        warning.text.find("threads=1") != std::string::npos &&
                        warning.text.find("0.8 of the 2 cores") != std::string::npos);
    EXPECT_TRUE(said) << nlohmann::json(d.warnings).dump();
    EXPECT_EQ(nlohmann::json(d)["fewer_threads"]["threads"], 1);

    // Threads that help each other, or hinder less than 1.5×, are left alone.
    for (const auto& curve : {std::map<int, double>{{1, 50}, {2, 40}}, std::map<int, double>{{1, 38}, {2, 51}}}) {
        probe.forwardBackwardMsByThreads = curve;
        f.run.summary.probe = probe;
        const Diagnosis calm = diagnose(profileRun(f.run, f.steps));
        EXPECT_FALSE(calm.fewerThreads.has_value());
        EXPECT_TRUE(nlohmann::json(calm)["fewer_threads"].is_null());
    }
}

// threads=0 beside processes that held a core: the engine computed on 1 thread where free
// cores give 2. Its own setting is predicted at the count it ran with (at 2, the probe's curve
// bent by the others would put it at 1000 ms), and the other settings keep the cores it found.
TEST(Diagnosis, ARunWhoseThreadsTheEngineLoweredIsPredictedAtTheCountItUsed) {
    auto f = measuredRun(0, 15, 14, 14, 15);
    f.run.environment.intraOpThreads = 1;
    f.run.environment.intraOpThreadsInsteadOf = 2;
    f.run.summary.availableCoresAtStart = 1.0;
    PipelineProbe probe;
    probe.forwardBackwardMsByThreads = {{1, 14.0}, {2, 1000}};
    probe.availableCores = 1.0;
    f.run.summary.probe = probe;
    const Diagnosis d = diagnose(profileRun(f.run, f.steps));
    EXPECT_EQ(d.profile.threadsInsteadOf, 2);
    for (const auto& prediction : d.predictions) {
        EXPECT_EQ(prediction.threads, 1) << prediction.workers;
        if (prediction.isMeasuredSetting) {
            EXPECT_NEAR(prediction.stepMs, 15 + 14, 1e-9);
        }
    }
    EXPECT_FALSE(d.fewerThreads.has_value()) << "it already runs on the count that avoids the wait";
    bool said = false;
    for (const auto& warning : d.warnings)
        said = said || warning.text.find("chose 1 compute thread instead of 2 (threads=0) because other processes held "
                                    "1.0 of the 2 cores") != std::string::npos;
    EXPECT_TRUE(said) << nlohmann::json(d.warnings).dump();
    EXPECT_EQ(nlohmann::json(d)["profile"]["intra_op_threads_instead_of"], 2);

    // On 16 cores with 11 left free and 2 workers, the engine took 9 threads: 10 with one worker.
    auto wide = measuredRun(2, 15, 14, 14, 1, "cpu", 16);
    wide.run.environment.intraOpThreads = 9;
    wide.run.environment.intraOpThreadsInsteadOf = 14;
    const Diagnosis w = diagnose(profileRun(wide.run, wide.steps));
    for (const auto& prediction : w.predictions)
        EXPECT_EQ(prediction.threads, std::clamp(11 - prediction.workers, 1, std::max(1, 16 - prediction.workers)))
            << prediction.workers;
}

TEST(Diagnosis, ABusyMachineIsCalledOut) {
    auto f = measuredRun(0, 20, 10, 40, 20);
    EXPECT_TRUE(diagnose(profileRun(f.run, f.steps)).warnings.empty());
    f.run.environment.loadAverage1m = 3.8;
    const Diagnosis busy = diagnose(profileRun(f.run, f.steps));
    ASSERT_EQ(busy.warnings.size(), 1u);
    EXPECT_NE(busy.warnings.front().text.find("3.8"), std::string::npos) << busy.warnings.front().text;
    EXPECT_TRUE(nlohmann::json(busy).contains("warnings"));

    // Measured as the run started, the cores other processes held say it better than a load
    // average that counts the run's own threads.
    f.run.summary.availableCoresAtStart = 1.1;
    const Diagnosis measured = diagnose(profileRun(f.run, f.steps));
    ASSERT_EQ(measured.warnings.size(), 1u);
    EXPECT_NE(measured.warnings.front().text.find("other processes held 0.9 of the"), std::string::npos)
        << measured.warnings.front().text;
    f.run.summary.availableCoresAtStart = profileRun(f.run, f.steps).cores - 0.1;
    EXPECT_TRUE(diagnose(profileRun(f.run, f.steps)).warnings.empty()) << "free cores, whatever the load average";
}

// A neighbour that started after the run, or ran niced so that the start probe won its cores,
// shows only in what other processes took while the run ran; that measurement, where there is
// one, speaks for the whole run.
TEST(Diagnosis, OtherProcessesBusyDuringTheRunAreCalledOutWhateverTheStartSaw) {
    auto f = measuredRun(0, 20, 10, 40, 20);
    f.run.summary.availableCoresAtStart = 1.95;
    f.run.summary.otherCpuCores = 0.9;
    f.run.summary.otherCpuCoresP95 = 1.6;
    const Diagnosis busy = diagnose(profileRun(f.run, f.steps));
    ASSERT_EQ(busy.warnings.size(), 1u);
    EXPECT_NE(busy.warnings.front().text.find("other processes took 0.9 of the 2 cores on average while this run ran "
                                         "(1.6 in its busiest twentieth of steps)"),
              std::string::npos)
        << busy.warnings.front().text;

    // Bursts: a core taken in more than a twentieth of the steps, little on average.
    f.run.summary.otherCpuCores = 0.2;
    f.run.summary.otherCpuCoresP95 = 1.2;
    EXPECT_EQ(diagnose(profileRun(f.run, f.steps)).warnings.size(), 1u);

    // Quiet while it ran: a busy start (the neighbour finished as the run began) says nothing.
    f.run.summary.availableCoresAtStart = 1.0;
    f.run.summary.otherCpuCores = 0.05;
    f.run.summary.otherCpuCoresP95 = 0.2;
    EXPECT_TRUE(diagnose(profileRun(f.run, f.steps)).warnings.empty());
    EXPECT_DOUBLE_EQ(nlohmann::json(diagnose(profileRun(f.run, f.steps)))["profile"]["other_cpu_cores"].get<double>(),
                     0.05);
}

// A run from another machine that does not say its cores (an import of a JSON or CSV file with
// its step parts) was once held against this machine's core count.
TEST(Diagnosis, ARunThatDoesNotSayItsCoresIsNotHeldAgainstThisMachines) {
    auto f = measuredRun(0, 20, 10, 40, 20, "cpu", 1, 1);
    f.run.environment.logicalCores.reset();
    const PipelineProfile profile = profileRun(f.run, f.steps);
    EXPECT_FALSE(profile.coresKnown);
    EXPECT_EQ(profile.cores, 1) << "its one compute thread and no workers";
    const Diagnosis diagnosis = diagnose(profile);
    const auto said = std::find_if(diagnosis.assumptions.begin(), diagnosis.assumptions.end(),
                                   [](const Note& note) { return note.kind == Note::Kind::CoresUnknown; });
    ASSERT_NE(said, diagnosis.assumptions.end());
    EXPECT_NE(said->text.find("does not record its machine's cores"), std::string::npos) << said->text;

    f.run.environment.logicalCores = 8;
    EXPECT_TRUE(profileRun(f.run, f.steps).coresKnown);
    EXPECT_EQ(profileRun(f.run, f.steps).cores, 8);
}

// Two ranks on one machine share its cores between them, but other processes take theirs from
// the machine: the note sets them against all of its cores, not one rank's share.
TEST(Diagnosis, OtherProcessesBesideADataParallelRunAreSetAgainstTheWholeMachine) {
    auto f = measuredRun(0, 20, 10, 40, 20);
    f.run.deviceCount = 2;
    f.run.summary.distributed = {{"world_size", 2}, {"allreduce_full_ms", 1.0}};
    f.run.environment.ranks = {{"a", {{"rank", 0}}}, {"a", {{"rank", 1}}}};
    f.run.summary.otherCpuCores = 0.9;
    f.run.summary.otherCpuCoresP95 = 1.0;
    const PipelineProfile profile = profileRun(f.run, f.steps);
    ASSERT_EQ(profile.cores, 1) << "each rank has half of the machine's 2 cores";
    const Diagnosis busy = diagnose(profile);
    ASSERT_FALSE(busy.warnings.empty());
    EXPECT_NE(busy.warnings.back().text.find("took 0.9 of the 2 cores"),
              std::string::npos)
        << busy.warnings.back().text;
}

}  // namespace
}  // namespace bb::diagnosis_test
