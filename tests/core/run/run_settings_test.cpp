#include "bridgebench/run_settings.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "bridgebench/run_config.h"

namespace bb {
namespace {

// The engine stores its whole RunConfig: what the analysis reads comes out typed, and the rest
// is written back as it was.
TEST(RunSettings, AnEngineRunsConfigIsReadIntoItsFieldsAndWrittenBackAsItWas) {
    RunConfig config;
    config.model = "tiny";
    config.warmupSteps = 2;
    config.threads = 0;
    nlohmann::json stored = toJson(config);
    stored["note"] = "media pipeline";
    stored["profile_steps"] = 3;
    const auto settings = stored.get<RunSettings>();
    EXPECT_EQ(settings.warmupSteps, 2);
    EXPECT_EQ(settings.threads, 0) << "0 is the engine's own choice, a setting, not unknown";
    EXPECT_EQ(settings.profileSteps, 3);
    EXPECT_EQ(settings.noteText(), "media pipeline");
    EXPECT_EQ(settings.facts.value("model", ""), "tiny");
    EXPECT_EQ(nlohmann::json(settings), stored);
}

// An import states a few settings; what it does not state is unknown, never this build's default.
TEST(RunSettings, WhatARunDoesNotStateIsUnknown) {
    const nlohmann::json stored = {{"max_seq_length", 64}, {"model_config", {{"model_type", "vit"}}}, {"workers", 2}};
    const auto settings = stored.get<RunSettings>();
    EXPECT_FALSE(settings.warmupSteps);
    EXPECT_FALSE(settings.threads);
    EXPECT_FALSE(settings.textLength);
    EXPECT_EQ(settings.maxSeqLength, 64);
    EXPECT_TRUE(settings.modelConfig.is_object());
    EXPECT_FALSE(settings.note);
    EXPECT_TRUE(settings.states("workers"));
    EXPECT_FALSE(settings.states("device_transforms"));
    EXPECT_EQ(nlohmann::json(settings), stored);
}

TEST(RunSettings, AValueOfAnotherTypeIsUnknownAndKeptAsStored) {
    const nlohmann::json stored = {{"warmup_steps", "three"}, {"threads", -1}, {"note", 7}, {"model_config", "x"}};
    const auto settings = stored.get<RunSettings>();
    EXPECT_FALSE(settings.warmupSteps);
    EXPECT_FALSE(settings.threads);
    EXPECT_FALSE(settings.note);
    EXPECT_TRUE(settings.modelConfig.is_null());
    EXPECT_EQ(nlohmann::json(settings), stored);
}

}  // namespace
}  // namespace bb
