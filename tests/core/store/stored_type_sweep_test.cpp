// Every key a run stores, given every JSON type it does not have, read back through everything
// that reads a stored run: nothing throws. A hand-edited summary once made `list` exit 1 and
// ended the window; this finds the next such reader before a user does.
#include <string>
#include <tuple>
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
#include "support/numbered_steps.h"
#include "support/stored_cpu_run.h"
#include "support/temp_dir.h"

namespace bb {
namespace {

// The JSON columns of a data-parallel CPU run with every part of its summary filled in, as the
// engine stores them.
struct StoredJson {
    nlohmann::json config;
    nlohmann::json environment;
    nlohmann::json summary;
};

StoredJson richJson() {
    StoredJson run;
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
    // Read into a RunSummary and written back, so that the run holds every key its writer writes.
    const nlohmann::json stored = {
        {"steps", 8},
        {"median_samples_per_s", 100.0},
        {"flops_per_sample", 1e9},
        {"achieved_flops_per_s", 1e11},
        {"available_cores_at_start", 2.0},
        {"other_cpu_cores", 0.5},
        {"other_cpu_cores_p95", 0.9},
        {"skipped_first", {{{"path", "a.jpg"}, {"reason", "corrupt"}}}},
        {"probe", {{"load_ms", 10.0}, {"forward_backward_ms_by_threads", {{"1", 20.0}, {"2", 12.0}}}}},
        {"distributed", {{"world_size", 2}, {"backend", "gloo"}, {"allreduce_full_ms", 3.0}}},
        {"decode", {{"site", "cpu"}}},
        {"loss_scaling", {{"initial_scale", 65536.0}}},
        {"device_memory", {{"peak_bytes", 1}}}};
    run.summary = stored.get<RunSummary>();
    run.summary["headline_only"] = false;
    run.summary["headline"] = "train_samples_per_second";
    return run;
}

std::vector<StepMetrics> eightSteps() {
    StepMetrics step;
    step.samples = 8;
    step.wallMs = 80;
    // Half of each step waits for its batch; compute and the all-reduce take the rest.
    step.dataWaitMs = step.loadMs = 40;
    std::tie(step.forwardMs, step.backwardMs, step.commMs) = std::tuple(15.0, 25.0, 5.0);
    return test::numberedSteps(8, step);
}

// What reads a stored run: the CLI's list, show, compare and export, and the window's tables,
// comparison and diagnosis all go through these.
void readEverything(const RunRecord& run, const std::vector<StepMetrics>& steps, const RunRecord& other) {
    (void)runRecordToJson(run);
    (void)nlohmann::json(run.summary).dump();
    (void)headlineSamplesPerSec(run.summary);
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
    const StoredJson rich = richJson();
    const std::int64_t id = test::storeCompletedCpuRun(file, "rich", 0);
    const std::int64_t otherId = test::storeCompletedCpuRun(file, "other", 0);
    for (const auto runId : {id, otherId}) {
        test::handEditRunColumn(file, runId, "device_count", "2");
        test::handEditRunColumn(file, runId, "config_json", rich.config.dump());
        test::handEditRunColumn(file, runId, "environment_json", rich.environment.dump());
        test::handEditRunColumn(file, runId, "summary_json", rich.summary.dump());
    }
    {
        const auto steps = eightSteps();
        ResultStore(file).appendSteps(id, steps);
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
