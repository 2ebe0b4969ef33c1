#include "bridgebench/study_config.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "bridgebench/errors.h"

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
