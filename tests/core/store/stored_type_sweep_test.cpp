// Every key a run stores, given every JSON type it does not have, read back through everything
// that reads a stored run: nothing throws. A hand-edited summary once made `list` exit 1 and
// ended the window; this finds the next such reader before a user does.
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "bridgebench/diagnosis.h"
#include "bridgebench/other_processes.h"
#include "bridgebench/result_store.h"
#include "bridgebench/run_comparison.h"
#include "bridgebench/run_config.h"
#include "bridgebench/run_flops.h"
#include "bridgebench/run_json.h"
#include "bridgebench/run_mfu.h"
#include "bridgebench/run_summary.h"
#include "bridgebench/study_runs.h"
#include "support/hand_edit.h"
#include "support/temp_dir.h"

namespace bb {
namespace {

// A data-parallel CPU run with every part of its summary filled in, as the engine stores one.
RunRecord richRun() {
    RunRecord run;
    run.name = "rich";
    run.status = RunStatus::Completed;
    run.deviceKind = "cpu";
    run.deviceName = "cpu";
    run.deviceCount = 2;
    run.model = "tiny";
    run.precision = "fp32";
    run.batchSize = 8;
    RunConfig config;
    config.model = "tiny";
    run.config = toJson(config);
    run.config["note"] = "a note";
    run.environment = {{"logical_cores", 2},
                       {"intra_op_threads", 1},
                       {"intra_op_threads_instead_of", 2},
                       {"load_average_1m", 0.5},
                       {"date", "4 Dec 2026"},
                       {"source", "test"},
                       {"software", "test"},
                       {"gpu_name", "none"},
                       {"provenance", {{"batch_size", "test"}}},
                       {"ranks", {{{"rank", 0}, {"host", "a"}}, {{"rank", 1}, {"host", "a"}}}}};
    RunSummary summary;
    summary.steps = 8;
    summary.medianSamplesPerSec = 100;
    summary.flopsPerSample = 1e9;
    summary.achievedFlopsPerSec = 1e11;
    summary.availableCoresAtStart = 2;
    summary.otherCpuCores = 0.5;
    summary.otherCpuCoresP95 = 0.9;
    summary.skippedFirst = {{"a.jpg", "corrupt"}};
    summary.probe.loadMs = 10;
    summary.probe.forwardBackwardMsByThreads = {{1, 20.0}, {2, 12.0}};
    summary.distributed = {{"world_size", 2}, {"backend", "gloo"}, {"allreduce_full_ms", 3.0}};
    summary.decode = {{"site", "cpu"}};
    summary.lossScaling = {{"initial_scale", 65536.0}};
    summary.deviceMemory = {{"peak_bytes", 1}};
    run.summary = summary;
    run.summary["headline_only"] = false;
    run.summary["headline"] = "train_samples_per_second";
    return run;
}

std::vector<StepMetrics> eightSteps() {
    std::vector<StepMetrics> steps(8);
    for (std::size_t index = 0; index < steps.size(); ++index) {
        steps[index].step = static_cast<std::int64_t>(index);
        steps[index].samples = 8;
        steps[index].wallMs = 80;
        steps[index].dataWaitMs = 40;
        steps[index].loadMs = 40;
        steps[index].forwardMs = 15;
        steps[index].backwardMs = 25;
        steps[index].commMs = 5;
        steps[index].samplesPerSec = samplesPerSecond(8, 80);
    }
    return steps;
}

// What reads a stored run: the CLI's list, show, compare and export, and the window's tables,
// comparison and diagnosis all go through these.
void readEverything(const RunRecord& run, const std::vector<StepMetrics>& steps, const RunRecord& other) {
    (void)runRecordToJson(run);
    (void)nlohmann::json(run.summary).dump();
    (void)run.summary.get<RunSummary>();
    (void)runConfigurationLabel(run);
    (void)runDeviceLabel(run);
    (void)runWorkersKnown(run);
    (void)isMeasuredReference(run);
    (void)studyRuns({run, other});
    (void)otherProcessesNote(run);
    const RunFlops flops = runFlops(run);
    (void)runMfu(run, flops);
    for (const auto metric : {CompareMetric::SamplesPerSec, CompareMetric::SamplesPerSecPerDevice,
                              CompareMetric::AchievedTflops, CompareMetric::AchievedTflopsPerDevice, CompareMetric::Mfu}) {
        (void)runMetricValue(run, metric);
        (void)compareRuns({run, other}, metric, run.id);
        (void)compareRuns({other, run}, metric, other.id);
    }
    if (canDiagnose(steps)) (void)diagnose(profileRun(run, steps));
}

TEST(StoredTypeSweep, NoStoredKeyOfAnotherTypeMakesAReaderThrow) {
    test::TempDir dir;
    const auto file = dir.file("sweep.db");
    const RunRecord rich = richRun();
    std::int64_t id = 0;
    std::int64_t otherId = 0;
    {
        ResultStore store(file);
        id = store.createRun(rich);
        otherId = store.createRun(rich);
        const auto steps = eightSteps();
        store.appendSteps(id, steps);
    }
    ResultStore store(file);
    const auto steps = store.steps(id);
    const auto other = store.findRun(otherId);
    ASSERT_TRUE(other);
    ASSERT_NO_THROW(readEverything(*store.findRun(id), steps, *other)) << "the untouched run";

    const std::vector<nlohmann::json> strangers = {
        "text", 7, -1, 1e308, true, nullptr, nlohmann::json::array({1, "x"}), nlohmann::json::object({{"x", "y"}})};
    int tried = 0;
    for (const auto& [column, json] :
         {std::pair{"summary_json", rich.summary}, std::pair{"config_json", rich.config}, std::pair{"environment_json", rich.environment}}) {
        for (const auto& [key, original] : json.items()) {
            for (const auto& stranger : strangers) {
                if (stranger.type() == original.type()) continue;
                nlohmann::json edited = json;
                edited[key] = stranger;
                test::handEditRunColumn(file, id, column, edited.dump());
                const auto run = store.findRun(id);
                ASSERT_TRUE(run);
                EXPECT_NO_THROW(readEverything(*run, steps, *other))
                    << column << " key '" << key << "' holding " << stranger.dump();
                ++tried;
            }
            test::handEditRunColumn(file, id, column, json.dump());
        }
    }
    EXPECT_GT(tried, 300);
}

}  // namespace
}  // namespace bb
