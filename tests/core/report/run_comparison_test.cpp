#include "bridgebench/run_comparison.h"

#include <cmath>
#include <string_view>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "bridgebench/model_info.h"
#include "bridgebench/result_store.h"
#include "bridgebench/study_runs.h"
#include "support/temp_dir.h"
#include "support/stored_summary.h"

namespace bb::run_comparison_test {
namespace {

// The study's August 2023 reference runs as every database holds them.
std::vector<RunRecord> augustRuns(ResultStore& store) {
    std::vector<RunRecord> runs;
    for (const auto& run : store.listRuns())
        if (isReference(run.origin) && run.batchSize == 48 && !isMeasuredReference(run)) runs.push_back(run);
    return runs;
}

const RunRecord& named(const std::vector<RunRecord>& runs, std::string_view device, std::int64_t workers, bool media) {
    for (const auto& run : runs)
        if (run.deviceName == device && run.workers == workers && run.deviceTransforms == media) return run;
    throw std::logic_error("no such run");
}

TEST(RunComparison, SpeedupsAgainstABaselineRun) {
    const test::TempDir dir;
    ResultStore store(dir.file("r.db"));
    const auto runs = augustRuns(store);
    ASSERT_EQ(runs.size(), 10U);
    const auto& a100 = named(runs, "A100 80GB", 0, false);
    const auto comparison = compareRuns(runs, CompareMetric::SamplesPerSec, a100.id);
    EXPECT_EQ(comparison.baselineName, a100.name);
    EXPECT_EQ(comparison.unit, "samples/s");
    for (const auto& entry : comparison.entries) {
        const auto& run = *std::find_if(runs.begin(), runs.end(), [&](const auto& r) { return r.id == entry.runId; });
        const double value = bb::test::storedJson(run.summary)["median_samples_per_s"].get<double>();
        EXPECT_DOUBLE_EQ(entry.value, value);
        EXPECT_DOUBLE_EQ(entry.speedup, value / bb::test::storedJson(a100.summary)["median_samples_per_s"].get<double>());
        EXPECT_FALSE(entry.workloadDiffers) << entry.runName;
        EXPECT_TRUE(entry.reference);
    }
    EXPECT_EQ(comparison.entries.front().device, "8× Gaudi2");
    const auto& media = named(runs, "Gaudi2", 2, true);
    const auto mediaEntry = std::find_if(comparison.entries.begin(), comparison.entries.end(),
                                         [&](const auto& e) { return e.runId == media.id; });
    EXPECT_EQ(mediaEntry->configuration, "workers 2 + media pipeline");
}

// A bf16 run on one device, id 999, beside the study's.
RunRecord oneDeviceRun(const std::string& name, const std::string& kind, const std::string& model,
                       std::int64_t batchSize, double samplesPerSec) {
    RunRecord run;
    run.id = 999;
    run.name = name;
    run.deviceKind = kind;
    run.deviceCount = 1;
    run.batchSize = batchSize;
    run.model = model;
    run.precision = "bf16";
    run.summary = bb::test::storedSummary(nlohmann::json{{"median_samples_per_s", samplesPerSec}});
    return run;
}

// device-check.sh's grid: the study's workload on one H200. Per device it is like for like with
// the study's eight, so its bars carry no dagger; in total samples/s it is not.
TEST(RunComparison, AMetricThatHoldsTheDifferenceOutDoesNotMarkTheRun) {
    const test::TempDir dir;
    ResultStore store(dir.file("r.db"));
    auto runs = augustRuns(store);
    RunRecord h200 = oneDeviceRun("large on one H200", "cuda", "large", 48, 160.0);
    h200.deviceName = "H200";
    h200.config.textLength = 128;  // the study's captions (run_text_length_test has 40 against 128)
    const auto& h100 = named(runs, "H100", 2, false);
    const auto total = compareRuns({h100, h200}, CompareMetric::SamplesPerSec, h100.id).entries.back();
    EXPECT_TRUE(total.workloadDiffers);
    EXPECT_EQ(total.workloadNote, "devices 1 vs 8");
    EXPECT_EQ(total.workloadHeldOut, "");
    for (const auto metric : {CompareMetric::SamplesPerSecPerDevice, CompareMetric::AchievedTflopsPerDevice,
                              CompareMetric::Mfu}) {
        const auto perDevice = compareRuns({h100, h200}, metric, h100.id).entries.back();
        EXPECT_FALSE(perDevice.workloadDiffers) << static_cast<int>(metric);
        EXPECT_EQ(perDevice.workloadNote, "");
        EXPECT_EQ(perDevice.workloadHeldOut, "devices 1 vs 8");
    }
    // FLOP/s over all devices holds the work per sample out, not the device count; precision
    // no metric holds out.
    h200.batchSize = 32;
    h200.precision = "fp32";
    const auto flops = compareRuns({h100, h200}, CompareMetric::AchievedTflops, h100.id).entries.back();
    EXPECT_TRUE(flops.workloadDiffers);
    EXPECT_EQ(flops.workloadNote, "precision fp32 vs bf16; devices 1 vs 8");
    EXPECT_EQ(flops.workloadHeldOut, "batch 32 vs 48");
}

// A Trainer import that names no model against a run of the engine: a tour saw "×1.88 †". Nobody
// can show the two are the same work per sample, so samples/s gives no ratio; the run held
// against itself (a device baseline's own) keeps its ×1.00.
// Seen on the sweep tour: a mini-clip sweep opened against its workers-0 run with every other
// point "no speedup (workload unknown)", its image size unknown though the engine ran them all.
TEST(RunComparison, ASweepOfTheEnginesMiniClipRunsHasItsSpeedups) {
    RunRecord zero = oneDeviceRun("sweep · workers=0", "cpu", "mini-clip", 8, 626.1);
    zero.id = 1;
    zero.origin = RunOrigin::Engine;
    zero.precision = "fp32";
    zero.config = nlohmann::json{{"text_length", 16}}.get<RunSettings>();
    RunRecord two = zero;
    two.id = 2;
    two.name = "sweep · workers=2";
    two.summary = bb::test::storedSummary(nlohmann::json{{"median_samples_per_s", 968.7}});
    const auto comparison = compareRuns({zero, two}, CompareMetric::SamplesPerSec, zero.id);
    EXPECT_EQ(comparison.entries.back().noSpeedup, NoSpeedup::None) << comparison.entries.back().speedupNote;
    EXPECT_NEAR(comparison.entries.back().speedup, 968.7 / 626.1, 1e-9);
    // An import that says mini-clip did not run on this engine: its size stays unknown.
    RunRecord imported = two;
    imported.id = 3;
    imported.origin = RunOrigin::Import;
    const auto withImport = compareRuns({zero, imported}, CompareMetric::SamplesPerSec, zero.id);
    EXPECT_EQ(withImport.entries.back().noSpeedup, NoSpeedup::UnknownWork);
}

// Three imports compared against the first, whose model its files do not name: the Whisper and TrOCR
// runs, which name theirs, read "unknown: model" as if theirs were unknown (#67).
TEST(RunComparison, AFieldOnlyTheBaselineLacksIsSaidToBeTheBaselines) {
    RunRecord nameless = oneDeviceRun("t5 run", "cuda", "", 16, 75.2);
    nameless.id = 1;
    RunRecord whisper = oneDeviceRun("whisper run", "cuda", "openai/whisper-small", 16, 30.0);
    whisper.id = 2;
    const auto comparison = compareRuns({nameless, whisper}, CompareMetric::SamplesPerSec, nameless.id);
    EXPECT_THAT(comparison.entries.back().workloadUnknown, ::testing::HasSubstr("model (#1's)"));
    // The baseline's own note names no other run.
    EXPECT_THAT(comparison.entries.front().workloadUnknown, ::testing::Not(::testing::HasSubstr("#")));
}

TEST(RunComparison, NoSpeedupWhereEitherSidesWorkIsUnknown) {
    RunRecord local = oneDeviceRun("mine", "cpu", "tiny", 8, 40.0);
    local.id = 1;
    local.origin = RunOrigin::Engine;
    RunRecord imported = oneDeviceRun("trainer import", "cuda", "", 16, 75.2);
    imported.id = 2;
    imported.origin = RunOrigin::Import;
    for (const auto metric : {CompareMetric::SamplesPerSec, CompareMetric::SamplesPerSecPerDevice}) {
        const auto comparison = compareRuns({local, imported}, metric, local.id);
        const auto& entry = comparison.entries.back();
        EXPECT_TRUE(std::isnan(entry.speedup)) << entry.speedup;
        EXPECT_EQ(entry.noSpeedup, NoSpeedup::UnknownWork);
        EXPECT_EQ(entry.speedupNote.rfind("not shown to be like for like (model, ", 0), 0U)
            << entry.speedupNote;
        EXPECT_TRUE(comparison.anySpeedupRefused());
        EXPECT_EQ(comparison.refusedNote(), "no speedup where a workload is unknown");
        EXPECT_DOUBLE_EQ(comparison.entries.front().speedup, 1.0);
    }
    // Against the import as baseline, the known run is refused alike.
    const auto reversed = compareRuns({local, imported}, CompareMetric::SamplesPerSec, imported.id);
    EXPECT_EQ(reversed.entries.front().noSpeedup, NoSpeedup::UnknownWork);
    EXPECT_DOUBLE_EQ(reversed.entries.back().speedup, 1.0);
    // A device baseline: the import's device's own run is its own base.
    const auto byDevice =
        compareRuns({local, imported}, CompareMetric::SamplesPerSec, CompareBaseline{CompareBaseline::Kind::Device, 0, "1× cuda"});
    EXPECT_DOUBLE_EQ(byDevice.entries.back().speedup, 1.0);
}

TEST(RunComparison, MarksOtherWorkloadsAndNormalisesPerDevice) {
    const test::TempDir dir;
    ResultStore store(dir.file("r.db"));
    auto runs = augustRuns(store);
    runs.push_back(oneDeviceRun("my cpu run", "cpu", "tiny", 8, 40.0));
    const auto& h100 = named(runs, "H100", 2, false);
    const auto comparison = compareRuns(runs, CompareMetric::SamplesPerSecPerDevice, h100.id);
    const auto& last = comparison.entries.back();
    EXPECT_TRUE(last.workloadDiffers);
    EXPECT_NE(last.workloadNote.find("batch 8 vs 48"), std::string::npos) << last.workloadNote;
    // Per device, the device count is held out: said apart, and not what marks the run.
    EXPECT_EQ(last.workloadNote.find("devices"), std::string::npos) << last.workloadNote;
    EXPECT_EQ(last.workloadHeldOut, "devices 1 vs 8");
    EXPECT_DOUBLE_EQ(last.value, 40.0);
    // A sample of the tiny model is other work than one of BridgeTower-large: per device the CPU
    // once "outranked" the H100 (×0.53 of a sample there is not half its speed). No ratio.
    EXPECT_TRUE(std::isnan(last.speedup)) << last.speedup;
    EXPECT_EQ(last.noSpeedup, NoSpeedup::OtherWork);
    EXPECT_EQ(last.speedupNote.rfind("not like for like (model tiny vs BridgeTower/bridgetower-large-itm-mlm-itc; ", 0), 0U)
        << last.speedupNote;
    EXPECT_NE(last.speedupNote.find("): samples/s per device does not hold that out; achieved TFLOP/s does"),
              std::string::npos)
        << last.speedupNote;
    EXPECT_TRUE(comparison.anySpeedupRefused());
    EXPECT_EQ(comparison.daggerNote(), "† different workload than the baseline");
    EXPECT_EQ(last.device, "1× cpu");

    const auto tflops = compareRuns(runs, CompareMetric::AchievedTflops, std::nullopt);
    // No FLOP figure stored, but the tiny preset's count at the engine's caption length gives one.
    const double tinyFlops = modelInfo(bridgeTowerPreset("tiny"), kDefaultTextLength).trainingFlopsPerSample;
    EXPECT_NEAR(tflops.entries.back().value, 40.0 * tinyFlops / 1e12, 1e-12);
    EXPECT_TRUE(std::isnan(tflops.entries.back().speedup));
    EXPECT_TRUE(std::isnan(tflops.entries.back().mfu));  // a CPU run without a probe has no measured peak
    // Without a baseline a dagger is held against the workload most runs share, and says so.
    EXPECT_EQ(tflops.workloadAgainst, WorkloadAgainst::MostCommon);
    EXPECT_EQ(tflops.daggerNote(), "† different workload than most of the runs");
    EXPECT_EQ(tflops.entries.back().noSpeedup, NoSpeedup::NoBaseline);
    // FLOP/s hold the model out: the same CPU run against the H100 has a ratio again.
    const auto heldOut = compareRuns(runs, CompareMetric::AchievedTflopsPerDevice, h100.id);
    EXPECT_FALSE(heldOut.anySpeedupRefused());
    EXPECT_THROW(compareRuns(runs, CompareMetric::SamplesPerSec, 123456), std::invalid_argument);
}

RunRecord runWith(std::string model, std::int64_t batchSize, std::int64_t devices) {
    RunRecord run;
    run.model = std::move(model);
    run.batchSize = batchSize;
    run.precision = "fp32";
    run.deviceCount = devices;
    return run;
}

TEST(RunComparison, MostCommonWorkloadTakesTheEarliestOfEquals) {
    EXPECT_FALSE(mostCommonWorkload({}).has_value());
    const std::vector<RunRecord> tie{runWith("small", 8, 1), runWith("large", 48, 8), runWith("large", 48, 8),
                                     runWith("small", 8, 1)};
    EXPECT_EQ(mostCommonWorkload(tie)->model, "small");
    const std::vector<RunRecord> majority{runWith("small", 8, 1), runWith("large", 48, 8), runWith("large", 48, 8)};
    EXPECT_EQ(mostCommonWorkload(majority)->batchSize, 48);
}

TEST(RunComparison, WorkloadDifferencesNameEachFieldWithBothValues) {
    RunRecord run = runWith("small", 8, 1);
    run.config.imageSizePx = 224;
    // A model the catalog does not know: its image size is unknown.
    const RunRecord baseline = runWith("mystery-model", 48, 8);
    const auto differences = workloadDifferences(runWorkload(run), runWorkload(baseline));
    // Precision agrees; the baseline does not say its image size, which is unknown, not different.
    ASSERT_EQ(differences.size(), 3U);
    EXPECT_EQ(differences[0].field, WorkloadField::Model);
    EXPECT_EQ(differences[1].field, WorkloadField::BatchSize);
    EXPECT_EQ(differences[1].runValue, "8");
    EXPECT_EQ(differences[1].baselineValue, "48");
    EXPECT_EQ(differences[2].field, WorkloadField::DeviceCount);
    // Nor its captions' length, which the engine's default for a model it knows would give.
    EXPECT_EQ(unknownWorkloadFields(runWorkload(run), runWorkload(baseline)),
              (std::vector<WorkloadField>{WorkloadField::ImageSize, WorkloadField::TextLength}));
    EXPECT_TRUE(workloadDifferences(runWorkload(baseline), runWorkload(baseline)).empty());
    // A preset fixes its image size: small runs at 224 px, large at 294.
    const auto presets = workloadDifferences(runWorkload(runWith("small", 8, 1)), runWorkload(runWith("large", 8, 1)));
    ASSERT_EQ(presets.size(), 2U);
    EXPECT_EQ(presets[1].field, WorkloadField::ImageSize);
    EXPECT_EQ(presets[1].runValue, "224");
    EXPECT_EQ(presets[1].baselineValue, "294");
}

TEST(RunComparison, UnknownFieldsDoNotMarkAWorkloadAsDifferent) {
    const test::TempDir dir;
    ResultStore store(dir.file("r.db"));
    auto runs = augustRuns(store);
    // A TensorBoard log with nothing but step times: model, batch, caption length and precision unknown.
    RunRecord imported;
    imported.id = 999;
    imported.name = "bare tensorboard log";
    imported.origin = RunOrigin::Import;
    imported.deviceKind = "cuda";
    imported.deviceName = "H100";
    imported.deviceCount = 8;
    imported.summary = bb::test::storedSummary(nlohmann::json{{"median_samples_per_s", 590.0}});
    runs.push_back(imported);
    const auto& h100 = named(runs, "H100", 2, false);
    const auto comparison = compareRuns(runs, CompareMetric::SamplesPerSec, h100.id);
    const auto& entry = comparison.entries.back();
    EXPECT_FALSE(entry.workloadDiffers) << entry.workloadNote;
    EXPECT_EQ(entry.workloadNote, "");
    EXPECT_EQ(entry.workloadUnknown, "model, batch, image size, text length, precision");
    // Workers the log does not state are unknown, not 0.
    EXPECT_FALSE(runWorkersKnown(imported));
    EXPECT_EQ(entry.configuration, "workers unknown");

    // A known field that differs still does; the preset and the hub id of one checkpoint do not.
    imported.batchSize = 32;
    imported.model = "large";
    imported.precision = "bf16";
    const auto batchDiffers = compareRuns({h100, imported}, CompareMetric::SamplesPerSec, h100.id);
    EXPECT_TRUE(batchDiffers.entries.back().workloadDiffers);
    EXPECT_EQ(batchDiffers.entries.back().workloadNote, "batch 32 vs 48");
}

// The study read as the blog reads it: each device against the A100 of the same configuration.
// The window, `compare` and the reports share this one comparison, device baselines included.
TEST(RunComparison, ADeviceBaselineHoldsEachRunAgainstThatDevicesRunOfItsConfiguration) {
    const test::TempDir dir;
    ResultStore store(dir.file("r.db"));
    auto runs = augustRuns(store);
    const auto comparison =
        compareRuns(runs, CompareMetric::SamplesPerSec, CompareBaseline{CompareBaseline::Kind::Device, 0, "8× A100 80GB"});
    EXPECT_EQ(comparison.baselineName, "8× A100 80GB");
    EXPECT_FALSE(comparison.baselineRunId.has_value());
    EXPECT_EQ(comparison.groups, (std::vector<std::string>{"8× Gaudi2", "8× H100", "8× A100 80GB"}));
    for (const auto& entry : comparison.entries) {
        if (entry.configuration == "workers 2 + media pipeline") {
            EXPECT_EQ(entry.noSpeedup, NoSpeedup::NoRunOfSetting);
            EXPECT_EQ(entry.speedupNote, "8× A100 80GB has no run with workers 2 + media pipeline to compare against");
            continue;
        }
        ASSERT_TRUE(entry.baseRunId.has_value()) << entry.runName;
        const auto& base = *std::find_if(runs.begin(), runs.end(), [&](const auto& r) { return r.id == *entry.baseRunId; });
        EXPECT_EQ(base.deviceName, "A100 80GB");
        EXPECT_EQ(runConfigurationLabel(base), entry.configuration);
        EXPECT_DOUBLE_EQ(entry.speedup, entry.value / runMetricValue(base, CompareMetric::SamplesPerSec));
        EXPECT_TRUE(entry.published);
        EXPECT_FALSE(entry.measuredReference);
    }
    // 768.7 / 345.4: the blog's ×2.23 at workers 2.
    const auto& gaudi = named(runs, "Gaudi2", 2, false);
    const auto found = std::find_if(comparison.entries.begin(), comparison.entries.end(),
                                    [&](const auto& e) { return e.runId == gaudi.id; });
    EXPECT_NEAR(found->speedup, 2.23, 0.005);
}

}  // namespace
}  // namespace bb::run_comparison_test
