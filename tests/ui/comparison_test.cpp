#include "models/comparison.h"

#include <gtest/gtest.h>

#include <cmath>
#include <map>

#include "adapters/run_store.h"
#include "bridgebench/result_store.h"
#include "models/run_table_model.h"
#include "bridgebench/study_runs.h"
#include "support/temp_dir.h"
#include "support/stored_summary.h"
#include "runs_read.h"

namespace bb::ui {
namespace {

std::vector<RunRecord> augustStudy(ResultStore& store) {
    std::vector<RunRecord> runs;
    for (auto& run : store.listRuns())
        if (isReference(run.origin) && run.createdAt.rfind("2023-08", 0) == 0) runs.push_back(run);
    return runs;
}

TEST(Comparison, TheStudyTableBecomesThreeDevicesByFourConfigurations) {
    test::TempDir dir;
    ResultStore store(dir.file("study.db"));
    const auto comparison = buildComparison(augustStudy(store), CompareMetric::SamplesPerSec, {});
    EXPECT_EQ(comparison.categories, (QStringList{"8× Gaudi2", "8× H100", "8× A100 80GB"}));
    EXPECT_EQ(comparison.configurations,
              (QStringList{"workers 0", "workers 1", "workers 2", "workers 2 + media pipeline"}));
    const auto* gaudi = comparison.find("8× Gaudi2", "workers 2 + media pipeline");
    ASSERT_NE(gaudi, nullptr);
    EXPECT_DOUBLE_EQ(gaudi->value, 847.7);
    EXPECT_EQ(comparison.find("8× H100", "workers 2 + media pipeline"), nullptr);
    for (const auto& entry : comparison.entries) EXPECT_FALSE(entry.workloadDiffers) << entry.runName.toStdString();
}

TEST(Comparison, DeviceBaselineGivesTheStudysSpeedups) {
    test::TempDir dir;
    ResultStore store(dir.file("study.db"));
    ComparisonBaseline baseline{ComparisonBaseline::Kind::Device, 0, "8× A100 80GB"};
    const auto comparison = buildComparison(augustStudy(store), CompareMetric::SamplesPerSec, baseline);
    // 768.7 / 345.4 and 602.1 / 345.4 at workers = 2.
    EXPECT_NEAR(comparison.find("8× Gaudi2", "workers 2")->speedup, 2.23, 0.005);
    EXPECT_NEAR(comparison.find("8× H100", "workers 2")->speedup, 1.74, 0.005);
    EXPECT_DOUBLE_EQ(comparison.find("8× A100 80GB", "workers 0")->speedup, 1.0);
    EXPECT_TRUE(std::isnan(comparison.find("8× Gaudi2", "workers 2 + media pipeline")->speedup));
    EXPECT_EQ(comparison.find("8× Gaudi2", "workers 2 + media pipeline")->speedupNote,
              "8× A100 80GB has no run with workers 2 + media pipeline to compare against");
    EXPECT_TRUE(comparison.find("8× H100", "workers 2")->speedupNote.isEmpty());
}

RunRecord localRun(qint64 id, const std::string& name, const std::string& device, std::int64_t count,
                   std::int64_t workers, double samplesPerSec) {
    RunRecord run;
    run.id = id;
    run.name = name;
    run.origin = RunOrigin::Engine;
    run.deviceKind = device == "cpu" ? "cpu" : "cuda";
    run.deviceName = device;
    run.deviceCount = count;
    run.workers = workers;
    // The study's work per sample (BridgeTower-large, 128-token captions): a run whose model is
    // unknown gets no ratio against it.
    run.model = "large";
    run.config = nlohmann::json{{"workers", workers}, {"text_length", 128}}.get<RunSettings>();
    run.summary = bb::test::storedSummary(nlohmann::json{{"median_samples_per_s", samplesPerSec}});
    return run;
}

TEST(Comparison, RunsSharingACellAreEachNamedByWhatTellsThemApart) {
    test::TempDir dir;
    ResultStore store(dir.file("study.db"));
    auto runs = augustStudy(store);
    // A run and its rerun on the CPU, and a rerun of the study's H100 workers 1.
    runs.push_back(localRun(901, "mini-clip b8 w0 2026-12-04 00:32:44", "cpu", 1, 0, 42.0));
    runs.push_back(localRun(902, "mini-clip b8 w0 2026-12-04 00:32:47", "cpu", 1, 0, 84.0));
    runs.push_back(localRun(903, "my rerun", "H100", 8, 1, 600.0));
    ComparisonBaseline baseline{ComparisonBaseline::Kind::Device, 0, "8× H100"};
    const auto comparison = buildComparison(runs, CompareMetric::SamplesPerSecPerDevice, baseline);
    // Both bars of a cell get a label, and only the words that differ: the first one once kept
    // the bare "workers 0" and the second the whole generated name.
    EXPECT_EQ(comparison.find("1× cpu", "workers 0"), nullptr);
    const auto* first = comparison.find("1× cpu", "workers 0 (00:32:44)");
    const auto* second = comparison.find("1× cpu", "workers 0 (00:32:47)");
    ASSERT_NE(first, nullptr);
    ASSERT_NE(second, nullptr);
    EXPECT_EQ(first->setting, "workers 0");
    EXPECT_EQ(comparison.configurations,
              (QStringList{"workers 0", "workers 0 (00:32:44)", "workers 0 (00:32:47)", "workers 1",
                           "workers 1 (published)", "workers 1 (my rerun)", "workers 2", "workers 2 + media pipeline"}));
    // Both still go against the baseline device's run of their setting: 42 / (336.5 / 8).
    EXPECT_NEAR(first->speedup, 42.0 / (336.5 / 8), 1e-9);
    EXPECT_NEAR(second->speedup, 84.0 / (336.5 / 8), 1e-9);
    // On the baseline device each run is its own baseline; elsewhere the first of that setting.
    EXPECT_DOUBLE_EQ(comparison.find("8× H100", "workers 1 (my rerun)")->speedup, 1.0);
    // The study's own figure in a shared cell is named as the Runs table's Source column names it:
    // published, not the "reference" a table BridgeBench measured also is.
    EXPECT_DOUBLE_EQ(comparison.find("8× H100", "workers 1 (published)")->speedup, 1.0);
    EXPECT_NEAR(comparison.find("8× Gaudi2", "workers 1")->speedup, 747.4 / 580.1, 1e-9);
}

// A peer's measured table (Hugging Face's Trainer, core/references/README.md) beside the study:
// its runs keep the peer's words for what ran, after the study's configurations so that those
// keep their colours, and its group names the peer rather than BridgeBench.
TEST(Comparison, APeersRunsKeepTheirOwnConfigurationsAfterTheStudysAndItsGroupNamesThePeer) {
    test::TempDir dir;
    ResultStore store(dir.file("study.db"));
    auto runs = augustStudy(store);
    for (const auto& [id, optimizer] : {std::pair{904, "adamw_torch"}, std::pair{905, "adamw_torch_fused"}}) {
        RunRecord run = localRun(id, std::string("Hugging Face Trainer · workers 1, ") + optimizer, "H100", 1, 1, 150.0);
        run.origin = RunOrigin::MeasuredReference;
        run.environment.measuredWith = "Hugging Face Trainer";
        run.environment.peerConfiguration = std::string("workers 1, ") + optimizer;
        runs.push_back(run);
    }
    const auto comparison = buildComparison(runs, CompareMetric::SamplesPerSecPerDevice, {});
    EXPECT_EQ(comparison.configurations,
              (QStringList{"workers 0", "workers 1", "workers 2", "workers 2 + media pipeline", "workers 1, adamw_torch",
                           "workers 1, adamw_torch_fused"}));
    EXPECT_TRUE(comparison.categoryLabels.contains("1× H100 (Hugging Face Trainer)")) << comparison.categoryLabels.join(", ").toStdString();
    EXPECT_NE(comparison.find("1× H100 (Hugging Face Trainer)", "workers 1, adamw_torch_fused"), nullptr);
}

TEST(Comparison, RunBaselineAndPerDeviceNormalisation) {
    test::TempDir dir;
    ResultStore store(dir.file("study.db"));
    auto runs = augustStudy(store);
    const auto h100 = std::find_if(runs.begin(), runs.end(),
                                   [](const RunRecord& run) { return run.deviceName == "H100" && run.workers == 2; });
    ComparisonBaseline baseline{ComparisonBaseline::Kind::Run, h100->id, {}};
    const auto comparison = buildComparison(runs, CompareMetric::SamplesPerSecPerDevice, baseline);
    // 768.7 / 602.1: the blog's ×1.28 of Gaudi2 over H100.
    EXPECT_NEAR(comparison.find("8× Gaudi2", "workers 2")->speedup, 1.28, 0.005);
    EXPECT_NEAR(comparison.find("8× Gaudi2", "workers 2")->value, 768.7 / 8, 1e-9);
}

TEST(Comparison, MarksRunsOfADifferentWorkload) {
    test::TempDir dir;
    ResultStore store(dir.file("study.db"));
    std::vector<RunRecord> runs;
    for (auto& run : store.listRuns())
        if (run.origin == RunOrigin::PublishedFigure) runs.push_back(run);
    RunRecord local;
    local.id = 999;
    local.name = "my cpu run";
    local.deviceKind = "cpu";
    local.deviceName = "cpu";
    local.deviceCount = 1;
    local.model = "mini-clip";
    local.precision = "fp32";
    local.batchSize = 8;
    local.summary = bb::test::storedSummary(nlohmann::json{{"median_samples_per_s", 42.0}});
    runs.push_back(local);
    const auto august = std::find_if(runs.begin(), runs.end(), [](const RunRecord& run) {
        return run.deviceName == "A100 80GB" && run.workers == 0 && run.batchSize == 48;
    });
    ComparisonBaseline baseline{ComparisonBaseline::Kind::Run, august->id, {}};
    const auto comparison = buildComparison(runs, CompareMetric::SamplesPerSec, baseline);
    // Two reference tables: the date tells the categories apart.
    EXPECT_TRUE(comparison.categories.contains("8× Gaudi2 (June 2023)"));
    EXPECT_TRUE(comparison.categories.contains("8× Gaudi2 (29 Aug 2023)"));
    for (const auto& entry : comparison.entries) {
        if (entry.runId == 999) {
            EXPECT_TRUE(entry.workloadDiffers);
            EXPECT_TRUE(entry.workloadNote.contains("batch 8 vs 48"));
            EXPECT_TRUE(entry.workloadNote.contains("devices 1 vs 8"));
        } else if (entry.category.contains("June")) {
            EXPECT_TRUE(entry.workloadDiffers) << "June used batch 40 / 32";
        } else {
            EXPECT_FALSE(entry.workloadDiffers);
        }
    }
}

// An import's inferred count read "2× H100" in the chart's groups and the Runs table, and one
// nothing gave read "1×" (#67).
TEST(Comparison, AnInferredOrUnknownDeviceCountIsSaidSoInTheGroupsAndTheRunsTable) {
    RunRecord inferred = localRun(1, "inferred", "H100", 2, 0, 100.0);
    inferred.origin = RunOrigin::Import;
    inferred.environment.inferred.insert("device_count");
    RunRecord unknown = localRun(2, "unknown", "H100", 1, 0, 100.0);
    unknown.origin = RunOrigin::Import;
    unknown.deviceCount.reset();
    const RunRecord stated = localRun(3, "stated", "H100", 1, 0, 100.0);
    EXPECT_EQ(deviceLabel(inferred), "2× H100 (count inferred)");
    EXPECT_EQ(deviceLabel(unknown), "H100 (count unknown)");
    EXPECT_EQ(deviceLabel(stated), "1× H100");
    const auto comparison =
        buildComparison({inferred, unknown, stated}, CompareMetric::SamplesPerSecPerDevice, {ComparisonBaseline::Kind::Run, 3, {}});
    EXPECT_TRUE(comparison.categories.contains("2× H100 (count inferred)")) << comparison.categories.join(", ").toStdString();
    EXPECT_TRUE(comparison.categories.contains("H100 (count unknown)")) << comparison.categories.join(", ").toStdString();

    // Stored and read back, as the Runs tab reads them.
    test::TempDir dir;
    {
        ResultStore direct(dir.file("counts.db"));
        for (const auto& run : {inferred, unknown, stated}) direct.createRun(run);
    }
    RunStore store;
    ASSERT_TRUE(test::openAndRead(store, QString::fromStdString(dir.file("counts.db").string())));
    RunTableModel table(store);
    std::map<QString, QString> counts;
    for (int row = 0; row < table.rowCount(); ++row)
        counts[table.index(row, RunTableModel::Name).data().toString()] =
            table.index(row, RunTableModel::DeviceCount).data().toString();
    EXPECT_EQ(counts["inferred"], "2 (inferred)");
    EXPECT_EQ(counts["unknown"], "");
    EXPECT_EQ(counts["stated"], "1");
}

TEST(Comparison, TflopsModeLeavesRunsWithoutFlopsUnknown) {
    RunRecord measured;
    measured.id = 1;
    measured.name = "measured";
    measured.summary = bb::test::storedSummary(nlohmann::json{{"median_samples_per_s", 10.0}, {"achieved_flops_per_s", 2.5e12}});
    RunRecord headline;
    headline.id = 2;
    headline.name = "headline";
    headline.summary = bb::test::storedSummary(nlohmann::json{{"median_samples_per_s", 10.0}});
    const auto comparison = buildComparison({measured, headline}, CompareMetric::AchievedTflops, {});
    EXPECT_DOUBLE_EQ(comparison.entries[0].value, 2.5);
    EXPECT_TRUE(std::isnan(comparison.entries[1].value));
}

}  // namespace
}  // namespace bb::ui
