#include "store/readable_run.h"

#include <string>
#include <vector>

#include <SQLiteCpp/SQLiteCpp.h>
#include <gtest/gtest.h>

#include "bridgebench/diagnosis.h"
#include "bridgebench/result_store.h"
#include "bridgebench/run_summary.h"
#include "support/hand_edit.h"
#include "support/stored_cpu_run.h"
#include "support/temp_dir.h"
#include "support/stored_summary.h"

namespace bb {
namespace {

TEST(ReadableRun, TheSummaryKeepsWhatItsReaderTakesAndNamesWhatItLeavesOut) {
    // Written as the engine writes it: every key of a RunSummary.
    nlohmann::json summary = nlohmann::json{{"steps", 50},
                                            {"median_samples_per_s", 300.0},
                                            {"other_cpu_cores", 0.5},
                                            {"other_cpu_cores_p95", 0.9},
                                            {"probe", {{"load_ms", 12.0}}}}
                                 .get<RunSummary>();
    summary["headline_only"] = false;
    summary["a_later_builds_key"] = "kept";
    const nlohmann::json whole = summary;
    EXPECT_TRUE(keepReadableSummary(summary).empty());
    EXPECT_EQ(summary, whole);

    summary["median_samples_per_s"] = "fast";
    summary["other_cpu_cores_p95"] = nlohmann::json::array();
    summary["probe"] = {{"load_ms", "slow"}};
    summary["headline_only"] = "yes";
    const auto problems = keepReadableSummary(summary);
    ASSERT_EQ(problems.size(), 4u);
    EXPECT_EQ(problems[0], "summary key 'headline_only' holds \"yes\", which this build cannot read there: left out");
    EXPECT_NE(problems[1].find("'median_samples_per_s' holds \"fast\""), std::string::npos) << problems[1];
    EXPECT_NE(problems[2].find("'other_cpu_cores_p95' holds an array"), std::string::npos) << problems[2];
    EXPECT_NE(problems[3].find("'probe' holds an object"), std::string::npos) << problems[3];
    for (const char* gone : {"median_samples_per_s", "other_cpu_cores_p95", "probe", "headline_only"})
        EXPECT_FALSE(summary.contains(gone)) << gone;
    EXPECT_EQ(summary["steps"], 50);
    EXPECT_EQ(summary["other_cpu_cores"], 0.5);
    EXPECT_EQ(summary["a_later_builds_key"], "kept");
    EXPECT_NO_THROW((void)summary.get<RunSummary>());

    nlohmann::json notAnObject = nlohmann::json::array({1, 2});
    EXPECT_EQ(keepReadableSummary(notAnObject), std::vector<std::string>{"the summary is an array, not an object: left out"});
    EXPECT_EQ(notAnObject, nlohmann::json::object());
}

TEST(ReadableRun, ConfigAndEnvironmentKeysReadWithATypedDefaultKeepTheirType) {
    nlohmann::json config = {{"warmup_steps", "x"}, {"threads", 2}, {"device", 0}, {"note", "fine"}, {"model", 7}};
    EXPECT_EQ(keepReadableConfig(config),
              (std::vector<std::string>{"config key 'device' holds 0, which this build cannot read there: left out",
                                        "config key 'warmup_steps' holds \"x\", which this build cannot read there: left out"}));
    // Keys read through a type check of their own stay as stored.
    EXPECT_EQ(config, (nlohmann::json{{"threads", 2}, {"note", "fine"}, {"model", 7}}));

    nlohmann::json environment = {{"logical_cores", "two"}, {"ranks", {{"rank", 0}}}, {"source", "x"}, {"date", nullptr}};
    const auto problems = keepReadableEnvironment(environment);
    ASSERT_EQ(problems.size(), 3u);
    EXPECT_EQ(problems[0], "environment key 'date' holds null, which this build cannot read there: left out");
    EXPECT_EQ(environment, (nlohmann::json{{"source", "x"}}));
    nlohmann::json ranks = {{"ranks", nlohmann::json::array({{{"host", "a"}}, {{"host", 3}}})}};
    EXPECT_EQ(keepReadableEnvironment(ranks).size(), 1u);
    nlohmann::json distributed = {{"distributed", {{"allreduce_full_ms", "slow"}}}};
    EXPECT_EQ(keepReadableSummary(distributed).size(), 1u);
    nlohmann::json notAnObject = 5;
    EXPECT_EQ(keepReadableEnvironment(notAnObject),
              std::vector<std::string>{"the environment is 5, not an object: left out"});
}

// The counts are read into ints: a stored 1e308 came out as INT_MIN, and the diagnosis's thread
// arithmetic overflowed on it (UBSan, in the stored-type sweep); two billion cores would have had
// it predict four billion settings.
TEST(ReadableRun, CountsAreWholeNumbersInRange) {
    nlohmann::json environment = {{"logical_cores", 2000000000}, {"intra_op_threads", 1e308},
                                  {"intra_op_threads_instead_of", -1}, {"load_average_1m", 1e308}};
    const auto problems = keepReadableEnvironment(environment);
    ASSERT_EQ(problems.size(), 3u);
    EXPECT_EQ(problems[0],
              "environment key 'intra_op_threads' holds 1e+308, which this build cannot read there: left out");
    EXPECT_NE(problems[1].find("'intra_op_threads_instead_of' holds -1"), std::string::npos) << problems[1];
    EXPECT_NE(problems[2].find("'logical_cores' holds 2000000000"), std::string::npos) << problems[2];
    EXPECT_EQ(environment, (nlohmann::json{{"load_average_1m", 1e308}}));

    nlohmann::json config = {{"warmup_steps", 2.5}, {"threads", 4.0}};
    EXPECT_EQ(keepReadableConfig(config).size(), 1u);
    EXPECT_EQ(config, (nlohmann::json{{"threads", 4.0}}));
    nlohmann::json written = {{"logical_cores", 65536}, {"intra_op_threads", 16U}, {"intra_op_threads_instead_of", 0}};
    EXPECT_TRUE(keepReadableEnvironment(written).empty());
}

// A database another tool or a hand wrote: `list` failed whole on it, and selecting the run in
// the window ended the window ("type must be number, but is string").
TEST(ResultStore, AStoredValueOfAnotherTypeIsReadAsMissingAndNamedWhileTheFileKeepsIt) {
    test::TempDir dir;
    const auto file = dir.file("hand-edited.db");
    const auto id = test::storeCompletedCpuRun(file, "edited", 0);
    const std::string summaryText = R"({"median_samples_per_s": "fast", "steps": 50})";
    test::handEditRunColumn(file, id, "summary_json", summaryText);
    test::handEditRunColumn(file, id, "config_json", "[1]");
    test::handEditRunColumn(file, id, "environment_json", "{");
    ResultStore store(file);
    const auto run = store.findRun("edited");
    ASSERT_TRUE(run);
    EXPECT_EQ(run->unreadable,
              (std::vector<std::string>{"the config is an array, not an object: left out",
                                        "the environment is not valid JSON: left out",
                                        "summary key 'median_samples_per_s' holds \"fast\", which this build cannot read there: left out"}));
    EXPECT_EQ(run->summary.steps, 50);
    EXPECT_FALSE(run->summary.medianSamplesPerSec);
    EXPECT_EQ(nlohmann::json(run->config), nlohmann::json::object());
    EXPECT_EQ(nlohmann::json(run->environment), nlohmann::json::object());
    EXPECT_EQ(bb::test::storedJson(run->summary).value("median_samples_per_s", 0.0), 0.0);
    EXPECT_NO_THROW((void)diagnose(profileRun(*run, store.steps(id))));
    bool listed = false;
    for (const auto& each : store.listRuns()) listed = listed || (each.id == id && each.unreadable.size() == 3);
    EXPECT_TRUE(listed);

    SQLite::Database raw(file.string(), SQLite::OPEN_READONLY);
    EXPECT_EQ(raw.execAndGet("SELECT summary_json FROM runs WHERE id = " + std::to_string(id)).getString(), summaryText);
}

}  // namespace
}  // namespace bb
