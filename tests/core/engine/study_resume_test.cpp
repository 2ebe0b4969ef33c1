// A sweep of the same settings again resumes its study: the points done are not run twice,
// also for rows stored before a key was added (text_length: the row recorded no length then).
#include <gtest/gtest.h>

#include "bridgebench/result_store.h"
#include "bridgebench/study_runner.h"
#include "support/hand_edit.h"
#include "support/recording_observer.h"
#include "support/temp_dir.h"

namespace bb {
namespace {

StudyConfig twoPoints() {
    StudyConfig study;
    study.name = "resume";
    study.base.model = "tiny";
    study.base.dataset = "synthetic-tensors";
    study.base.steps = 2;
    study.base.batchSize = 2;
    study.base.warmupSteps = 1;
    study.base.threads = 1;
    study.base.probe = false;
    study.grid = {{"seed", {0, 1}}};
    return study;
}

StudyOutcome sweep(const std::filesystem::path& db) {
    test::RecordingObserver observer;
    StudyProgress progress;
    StudyRunner runner(db, twoPoints(), observer, progress);
    return runner.run();
}

TEST(StudyResume, PointsDoneAreNotRunAgainAlsoFromRowsStoredBeforeTextLength) {
    test::TempDir dir;
    const auto db = dir.file("runs.db");
    const StudyOutcome first = sweep(db);
    ASSERT_EQ(first.completed, 2);
    {
        // As a row of the build before text_length was a key stored it.
        ResultStore store(db);
        auto run = store.findRun(first.runIds[0]);
        ASSERT_TRUE(run.has_value());
        EXPECT_EQ(run->config.textLength.value_or(0), 40);
        run->config.textLength.reset();
        test::handEditRunColumn(db, first.runIds[0], "config_json", nlohmann::json(run->config).dump());
    }
    const StudyOutcome again = sweep(db);
    EXPECT_EQ(again.completed, 0);
    EXPECT_EQ(again.skipped, 2);
    EXPECT_EQ(again.runIds, first.runIds);
}

}  // namespace
}  // namespace bb
