#include "bridgebench/study_metric.h"

#include <gtest/gtest.h>

#include "bridgebench/result_store.h"
#include "bridgebench/study_runs.h"
#include "support/temp_dir.h"

namespace bb::study_metric_test {
namespace {

// The study's published figures as every database holds them, and a run of the user's made from
// the first of them, so that only what a test changes differs.
struct Study {
    test::TempDir dir;
    std::vector<RunRecord> runs;
    Study() {
        ResultStore store(dir.file("study.db"));
        runs = studyRuns(store.listRuns());
    }
    RunRecord yours(std::int64_t id) const {
        RunRecord run = runs.front();
        run.id = id;
        run.origin = RunOrigin::Engine;
        run.config.textLength = 128;  // the study's captions, which a run of the engine states
        return run;
    }
};

TEST(StudyMetric, TheStudysOwnWorkloadIsComparedInSamplesPerSecond) {
    const Study study;
    ASSERT_FALSE(study.runs.empty());
    const auto choice = chooseStudyMetric({study.yours(900)}, study.runs.front());
    EXPECT_EQ(choice.why, StudyMetricChoice::Why::SameWorkload);
    EXPECT_EQ(choice.metric, CompareMetric::SamplesPerSec);
    EXPECT_EQ(choice.detail, "");
}

TEST(StudyMetric, AnotherBatchTurnsTheComparisonToTflopsPerDeviceAndSaysWhy) {
    const Study study;
    auto same = study.yours(900);
    auto smaller = study.yours(901);
    smaller.batchSize = 8;
    const auto choice = chooseStudyMetric({same, smaller}, study.runs.front());
    EXPECT_EQ(choice.why, StudyMetricChoice::Why::WorkloadDiffers);
    EXPECT_EQ(choice.metric, CompareMetric::AchievedTflopsPerDevice);
    EXPECT_EQ(choice.decidedBy, 901);
    EXPECT_EQ(choice.detail, "batch 8 vs 48");
}

// An import that names no model is not "the study's workload": the note above the Compare tab's
// chart said so while every row of its table said "no speedup (workload unknown)".
TEST(StudyMetric, AWorkloadNotKnownInFullIsNotCalledTheStudys) {
    const Study study;
    auto imported = study.yours(902);
    imported.origin = RunOrigin::Import;
    imported.model.clear();
    imported.config.facts.erase("model");
    imported.precision.clear();
    const auto choice = chooseStudyMetric({imported}, study.runs.front());
    EXPECT_EQ(choice.why, StudyMetricChoice::Why::WorkloadUnknown);
    EXPECT_EQ(choice.metric, CompareMetric::SamplesPerSec);
    EXPECT_EQ(choice.decidedBy, 902);
    EXPECT_NE(choice.detail.find("model"), std::string::npos) << choice.detail;
    EXPECT_NE(choice.detail.find("precision"), std::string::npos) << choice.detail;

    // A run that differs still decides for all, whichever comes first.
    auto smaller = study.yours(903);
    smaller.batchSize = 8;
    EXPECT_EQ(chooseStudyMetric({imported, smaller}, study.runs.front()).why, StudyMetricChoice::Why::WorkloadDiffers);
}

}  // namespace
}  // namespace bb::study_metric_test
