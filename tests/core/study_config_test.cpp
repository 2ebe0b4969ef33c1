#include "bridgebench/study_config.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "bridgebench/errors.h"
#include "bridgebench/study_presets.h"

namespace bb {
namespace {

using ::testing::HasSubstr;

TEST(StudyConfig, ExpandsTheGridWithTheLastKeyVaryingFastest) {
    const StudyConfig study = studyConfigFromJson(
        {{"name", "s"}, {"base", {{"model", "tiny"}}}, {"grid", {{"workers", {0, 2}}, {"batch_size", {4, 8}}}}});
    const std::vector<RunConfig> runs = expandStudy(study);
    ASSERT_EQ(runs.size(), 4U);
    // From JSON the keys come in alphabetical order: batch_size, then workers (fastest).
    EXPECT_EQ(runs[1].batchSize, 4);
    EXPECT_EQ(runs[1].workers, 2);
    EXPECT_EQ(runs[2].batchSize, 8);
    EXPECT_EQ(runs[2].workers, 0);
}

// The window's Sweep put device-side transforms outermost, against the study preset and its own
// tooltip: a sweep stopped after three runs had no pair of one worker count to compare.
TEST(StudyConfig, TheSweepAroundARunVariesTheStudysLoaderGridInTheStudysOrder) {
    RunConfig base;
    base.model = "tiny";
    base.name = "mine";
    const StudyConfig study = loaderSweepAround(base);
    EXPECT_EQ(study.name, "mine");
    EXPECT_EQ(study.grid, studyPreset("study").grid);
    const std::vector<RunConfig> runs = expandStudy(study);
    ASSERT_EQ(runs.size(), 6U);
    for (std::size_t i = 0; i < runs.size(); ++i) {
        EXPECT_EQ(runs[i].workers, static_cast<std::int64_t>(i / 2)) << i;
        EXPECT_EQ(runs[i].deviceTransforms, i % 2 == 1) << i;
    }
    base.name.clear();
    const StudyConfig unnamed = loaderSweepAround(base);
    EXPECT_THAT(unnamed.name, HasSubstr("Sweep tiny"));
    EXPECT_EQ(loaderSweepAround(base).name, unnamed.name) << "the same settings resume the same study";
    base.seed += 1;
    EXPECT_NE(loaderSweepAround(base).name, unnamed.name);
}

// Five keys of ten values once built 100,000 validated configs (a few more keys, billions)
// before anything said no.
TEST(StudyConfig, RefusesAGridOfMoreRunsThanTheLimitBeforeBuildingThem) {
    nlohmann::json grid;
    for (const char* key : {"steps", "batch_size", "seed", "warmup_steps", "threads"}) {
        nlohmann::json values = nlohmann::json::array();
        for (int value = 1; value <= 10; ++value) values.push_back(value);
        grid[key] = values;
    }
    const StudyConfig study = studyConfigFromJson({{"name", "big"}, {"base", {{"model", "tiny"}}}, {"grid", grid}});
    try {
        expandStudy(study);
        FAIL() << "expected a ConfigError";
    } catch (const ConfigError& error) {
        EXPECT_EQ(error.key(), "grid");
        EXPECT_THAT(error.what(), HasSubstr("more than 10000 runs"));
    }
}

}  // namespace
}  // namespace bb
