#include "bridgebench/run_export.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "bridgebench/run_import.h"
#include "bridgebench/tfevents_file.h"
#include "support/file_bytes.h"
#include "support/temp_dir.h"
#include "support/stored_summary.h"

namespace bb::run_export_test {
namespace {

using ::testing::HasSubstr;

// A run as the engine stores it, with every step field set to a distinct, awkward value.
RunData measuredRun() {
    RunData data;
    data.run.id = 21;
    data.run.uuid = "5a0c1f4e-8d2b-4c61-9e3a-2b7d9c0e1f21";
    data.run.name = "cpu, workers=2 \"quoted\"";
    data.run.origin = RunOrigin::Engine;
    data.run.status = RunStatus::Completed;
    data.run.deviceKind = "cpu";
    data.run.deviceName = "Xeon 8480+";
    data.run.deviceCount = 1;
    data.run.model = "tiny";
    data.run.precision = "bf16";
    data.run.batchSize = 8;
    data.run.workers = 2;
    data.run.deviceTransforms = true;
    data.run.summary = bb::test::storedSummary(nlohmann::json{{"median_samples_per_s", 123.456789}});
    data.run.environment = nlohmann::json{{"cpu", "Xeon"}, {"threads", 8}}.get<RunEnvironment>();
    data.run.createdAt = "2026-11-30T10:00:00Z";
    data.run.finishedAt = "2026-11-30T10:01:00Z";
    for (int i = 0; i < 6; ++i) {
        StepMetrics step;
        step.step = i;
        step.timestampMs = 1.7e12 + 250.0 * (i + 1) + 0.125;
        step.wallMs = 250.0 + i / 3.0;
        step.samples = 8;
        step.samplesPerSec = samplesPerSecond(step.samples, step.wallMs);
        step.dataWaitMs = 12.5 + i;
        step.hostToDeviceMs = 0.75;
        step.forwardMs = 80.0 / 3.0;
        step.backwardMs = 120.1;
        step.optimizerMs = 9.9;
        step.loss = 2.0 / (i + 1);
        step.rssBytes = 512LL * 1024 * 1024 + i;
        step.cpuUtilisation = 3.5;
        step.loadMs = 40 + i;
        data.steps.push_back(step);
    }
    return data;
}

RunData headlineOnlyRun() {
    RunData data;
    data.run.id = 3;
    data.run.uuid = "0f0c2a9e-0a11-4c3e-8b7a-5d2e4f6a0103";
    data.run.name = "8x Gaudi2 · workers 2";
    data.run.origin = RunOrigin::PublishedFigure;
    data.run.status = RunStatus::Completed;
    data.run.deviceKind = "hpu";
    data.run.deviceName = "Gaudi2";
    data.run.deviceCount = 8;
    data.run.batchSize = 48;
    data.run.summary = bb::test::storedSummary(nlohmann::json{{"median_samples_per_s", 768.7}});
    return data;
}

TEST(CsvExport, ReadsBackWithTheSameValues) {
    const test::TempDir dir;
    const std::vector<RunData> runs{measuredRun(), headlineOnlyRun()};
    exportCsv(runs, dir.file("out/runs.csv"));
    const ImportBatch back = readCsvImport(dir.file("out/runs.csv"), {});
    ASSERT_EQ(back.runs.size(), 2U);
    const RunData& run = back.runs[0];
    EXPECT_EQ(run.run.name, runs[0].run.name);
    EXPECT_EQ(run.run.uuid, runs[0].run.uuid);
    EXPECT_EQ(run.run.deviceName, "Xeon 8480+");
    EXPECT_EQ(run.run.deviceTransforms, true);
    ASSERT_EQ(run.steps.size(), runs[0].steps.size());
    for (std::size_t i = 0; i < run.steps.size(); ++i) {
        // Shortest round-trip formatting: the very same doubles.
        EXPECT_EQ(run.steps[i].timestampMs, runs[0].steps[i].timestampMs);
        EXPECT_EQ(run.steps[i].wallMs, runs[0].steps[i].wallMs);
        EXPECT_EQ(run.steps[i].samplesPerSec, runs[0].steps[i].samplesPerSec);
        EXPECT_EQ(run.steps[i].forwardMs, runs[0].steps[i].forwardMs);
        EXPECT_EQ(run.steps[i].loss, runs[0].steps[i].loss);
        EXPECT_EQ(run.steps[i].rssBytes, runs[0].steps[i].rssBytes);
    }
    EXPECT_EQ(bb::test::storedJson(run.run.summary)["median_samples_per_s"].get<double>(), 123.456789);
    EXPECT_TRUE(back.runs[1].steps.empty());
    EXPECT_EQ(bb::test::storedJson(back.runs[1].run.summary)["median_samples_per_s"].get<double>(), 768.7);
}

TEST(JsonExport, HoldsRecordsTagsAndSteps) {
    const test::TempDir dir;
    RunData run = measuredRun();
    run.tags = {"baseline"};
    exportJson({run}, dir.file("runs.json"));
    const auto json = nlohmann::json::parse(test::readFileBytes(dir.file("runs.json")));
    EXPECT_EQ(json["format"], "bridgebench-runs");
    ASSERT_EQ(json["runs"].size(), 1U);
    EXPECT_EQ(json["runs"][0]["uuid"], run.run.uuid);
    EXPECT_EQ(json["runs"][0]["tags"][0], "baseline");
    ASSERT_EQ(json["runs"][0]["steps"].size(), 6U);
    EXPECT_EQ(json["runs"][0]["steps"][5]["data_wait_ms"].get<double>(), run.steps[5].dataWaitMs);
    EXPECT_EQ(json["runs"][0]["steps"][5]["rss_bytes"].get<std::int64_t>(), run.steps[5].rssBytes);
}

TEST(TensorBoardExport, ImportsBackWithTheSameValuesAndIdentity) {
    const test::TempDir dir;
    const std::vector<RunData> runs{measuredRun(), headlineOnlyRun()};
    const auto files = exportTensorBoard(runs, dir.file("logdir"));
    ASSERT_EQ(files.size(), 2U);
    // What TensorBoard itself would read: valid records, a scalar per field and step.
    const TfEventsFile events = readTfEventsFile(files[0]);
    EXPECT_EQ(events.fileVersion, "brain.Event:2");
    EXPECT_FALSE(events.partialTail);
    EXPECT_GE(events.scalars.size(), runs[0].steps.size() * 15);

    const ImportBatch back = readTensorBoardImport(dir.file("logdir"), {});
    ASSERT_EQ(back.runs.size(), 2U);
    const RunData* measured = nullptr;
    for (const auto& run : back.runs)
        if (run.run.uuid == runs[0].run.uuid) measured = &run;
    ASSERT_NE(measured, nullptr);
    EXPECT_EQ(measured->run.name, runs[0].run.name);
    EXPECT_EQ(measured->run.deviceName, "Xeon 8480+");
    ASSERT_EQ(measured->steps.size(), runs[0].steps.size());
    for (std::size_t i = 0; i < measured->steps.size(); ++i) {
        const auto& want = runs[0].steps[i];
        const auto& got = measured->steps[i];
        EXPECT_EQ(got.step, want.step);
        EXPECT_NEAR(got.timestampMs, want.timestampMs, 1e-3);  // a double in the file
        // Values are 32-bit floats in event files, as TensorBoard shows them.
        EXPECT_FLOAT_EQ(static_cast<float>(got.samplesPerSec), static_cast<float>(want.samplesPerSec));
        EXPECT_FLOAT_EQ(static_cast<float>(got.wallMs), static_cast<float>(want.wallMs));
        EXPECT_FLOAT_EQ(static_cast<float>(got.dataWaitMs), static_cast<float>(want.dataWaitMs));
        EXPECT_FLOAT_EQ(static_cast<float>(got.loss), static_cast<float>(want.loss));
        EXPECT_EQ(got.samples, want.samples);
    }
    EXPECT_EQ(bb::test::storedJson(measured->run.summary)["median_samples_per_s"].get<double>(), 123.456789);
}

}  // namespace
}  // namespace bb::run_export_test
