#include "bridgebench/study_runs.h"

#include <gtest/gtest.h>
#include "support/stored_summary.h"

namespace bb::study_runs_test {
namespace {

RunRecord published(std::int64_t id, const std::string& device, const std::string& date) {
    RunRecord run;
    run.id = id;
    run.origin = RunOrigin::PublishedFigure;
    run.deviceKind = "cuda";
    run.deviceName = device;
    run.deviceCount = 8;
    run.summary = bb::test::storedSummary(nlohmann::json{{"median_samples_per_s", 300.0}, {"headline_only", true}});
    run.createdAt = date;
    return run;
}

RunRecord measured(std::int64_t id, const std::string& device, std::int64_t table, const std::string& ranAt) {
    RunRecord run;
    run.id = id;
    run.origin = RunOrigin::MeasuredReference;
    run.deviceKind = "cuda";
    run.deviceName = device;
    run.studyId = table;
    run.summary = bb::test::storedSummary(nlohmann::json{{"median_samples_per_s", 150.0}});
    run.createdAt = ranAt;
    return run;
}

std::vector<std::int64_t> ids(const std::vector<RunRecord>& runs) {
    std::vector<std::int64_t> out;
    for (const auto& run : runs) out.push_back(run.id);
    return out;
}

TEST(StudyRuns, AreTheNewestPublishedTableThenTheNewestMeasuredTableOfEachDevice) {
    RunRecord local;
    local.id = 99;
    local.deviceName = "H200";
    local.createdAt = "2027-06-01T00:00:00Z";
    const std::vector<RunRecord> runs = {
        published(1, "A100 80GB", "2023-06-01T00:00:00Z"),
        published(2, "H100", "2023-08-29T00:00:00Z"),
        published(3, "A100 80GB", "2023-08-29T00:00:00Z"),
        // An H200 table, then a newer one; each run keeps the time it ran.
        measured(10, "H200", 5, "2026-12-02T10:01:00Z"),
        measured(11, "H200", 5, "2026-12-02T10:04:00Z"),
        measured(20, "H200", 6, "2027-01-15T09:00:00Z"),
        measured(21, "H200", 6, "2027-01-15T08:00:00Z"),
        measured(30, "B200", 7, "2026-12-20T12:00:00Z"),
        local,
    };
    EXPECT_EQ(ids(studyRuns(runs)), (std::vector<std::int64_t>{2, 3, 20, 21, 30}));
}

TEST(StudyRuns, AreThePublishedTableAloneWhenNothingWasMeasured) {
    const std::vector<RunRecord> runs = {published(1, "A100 80GB", "2023-06-01T00:00:00Z"),
                                         published(2, "H100", "2023-08-29T00:00:00Z")};
    EXPECT_EQ(ids(studyRuns(runs)), (std::vector<std::int64_t>{2}));
    EXPECT_FALSE(isMeasuredReference(runs.front()));
    EXPECT_TRUE(isMeasuredReference(measured(3, "H200", 1, "2026-12-02T00:00:00Z")));
}

}  // namespace
}  // namespace bb::study_runs_test
