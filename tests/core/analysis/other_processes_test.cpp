// A run measured beside other busy processes is named so wherever its figures are read: its
// diagnosis, `compare` and the Compare tab share this note.
#include "bridgebench/other_processes.h"

#include <limits>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "bridgebench/run_comparison.h"

namespace bb::other_processes_test {
namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

std::string textOf(const std::optional<Note>& note) { return note ? note->text : std::string(); }

TEST(OtherProcesses, HalfACoreOnAverageOrAWholeOneInTheBusiestStepsIsNamed) {
    EXPECT_EQ(textOf(otherProcessesNote(0.9, 1.6, 2)),
              "other processes took 0.9 of the 2 cores on average while this run ran (1.6 in its busiest twentieth "
              "of steps)");
    EXPECT_EQ(textOf(otherProcessesNote(0.2, 1.2, 16)).find("other processes took 0.2 of the 16 cores"), 0u) << "bursts";
    EXPECT_EQ(textOf(otherProcessesNote(0.6, 0.7, 0)).find("other processes took 0.6 cores on average"), 0u)
        << "without a core count the figure stands alone";
    EXPECT_EQ(textOf(otherProcessesNote(0.49, 0.99, 2)), "") << "a quiet run";
    EXPECT_EQ(textOf(otherProcessesNote(kNaN, kNaN, 2)), "") << "not measured";
}

RunRecord runWith(std::int64_t id, nlohmann::json summary) {
    RunRecord run;
    run.id = id;
    run.name = "run " + std::to_string(id);
    run.origin = RunOrigin::Engine;
    run.deviceKind = "cpu";
    run.deviceName = "cpu";
    run.model = "tiny";
    run.batchSize = 8;
    run.environment = nlohmann::json{{"logical_cores", 4}}.get<RunEnvironment>();
    run.summary = std::move(summary);
    return run;
}

TEST(OtherProcesses, TheComparisonNamesTheRunsOtherProcessesBent) {
    const std::vector<RunRecord> runs = {
        runWith(1, {{"median_samples_per_s", 40.0}, {"other_cpu_cores", 0.02}, {"other_cpu_cores_p95", 0.05}}),
        runWith(2, {{"median_samples_per_s", 20.0}, {"other_cpu_cores", 1.25}, {"other_cpu_cores_p95", 2.5}}),
        runWith(3, {{"median_samples_per_s", 30.0}}),  // stored before it was measured
    };
    const auto comparison = compareRuns(runs, CompareMetric::SamplesPerSec, 1);
    ASSERT_EQ(comparison.entries.size(), 3u);
    EXPECT_EQ(comparison.entries[0].otherProcesses, "");
    EXPECT_EQ(comparison.entries[1].otherProcesses, textOf(otherProcessesNote(runs[1])));
    EXPECT_NE(comparison.entries[1].otherProcesses.find("1.2 of the 4 cores"), std::string::npos)
        << comparison.entries[1].otherProcesses;
    EXPECT_EQ(comparison.entries[2].otherProcesses, "");
}

}  // namespace
}  // namespace bb::other_processes_test
