#include "bridgebench/run_environment.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

namespace bb {
namespace {

// An engine run's environment on two ranks, a reference table's provenance and an import's
// files, with keys no field holds.
nlohmann::json everyKind() {
    return {{"hostname", "box"},
            {"cpu_model", "Test CPU"},
            {"logical_cores", 16},
            {"intra_op_threads", 14},
            {"intra_op_threads_instead_of", 16},
            {"load_average_1m", 0.25},
            {"gpu_name", "NVIDIA H200"},
            {"ranks", {{{"rank", 0}, {"host", "a"}, {"pid", 10}}, {{"rank", 1}, {"host", "b"}, {"pid", 11}}}},
            {"date", "4 Dec 2026"},
            {"software", "torch 2.6"},
            {"source", "bench/device-check"},
            {"measured_with", "Hugging Face Trainer"},
            {"peer_configuration", "workers 1, adamw_torch_fused"},
            {"format", "Hugging Face Trainer output"},
            {"imported_from", "/runs/h100"},
            {"reported", {{"total_flos", 5.0e18}, {"train_samples_per_second", 12.5}}},
            {"step_fields", {"step", "wall_ms"}},
            {"provenance", {{"batch_size", "--batch-size"}}},
            {"torch_version", "1.13.1"},
            {"decode", {{"site", "cpu"}}}};
}

TEST(RunEnvironment, WhatIsStoredIsReadIntoItsFieldsAndWrittenBackAsItWas) {
    const auto environment = everyKind().get<RunEnvironment>();
    EXPECT_EQ(environment.logicalCores, 16);
    EXPECT_EQ(environment.intraOpThreadsInsteadOf, 16);
    ASSERT_EQ(environment.ranks.size(), 2u);
    EXPECT_EQ(environment.ranks[1].host, "b");
    EXPECT_EQ(environment.importFormat, ImportFormat::Trainer);
    EXPECT_EQ(environment.reportedNumber("total_flos"), 5.0e18);
    EXPECT_EQ(environment.provenance.at("batch_size"), "--batch-size");
    EXPECT_EQ(machineIdentity(environment), "box · Test CPU · 16 logical cores");
    // Only what no field holds stays as stored.
    EXPECT_EQ(environment.facts, (nlohmann::json{{"torch_version", "1.13.1"}, {"decode", {{"site", "cpu"}}}}));
    EXPECT_EQ(nlohmann::json(environment), everyKind());
}

// A value of another type (a hand-edited or foreign row) is unknown to the fields and kept as
// it was, so that a copy of the run loses nothing.
TEST(RunEnvironment, AValueOfAnotherTypeIsUnknownAndKeptAsStored) {
    const nlohmann::json stored = {{"logical_cores", "two"},
                                   {"ranks", {1, 2}},
                                   {"format", "a format no build wrote"},
                                   {"provenance", {{"batch_size", 8}}},
                                   {"reported", "fast"}};
    const auto environment = stored.get<RunEnvironment>();
    EXPECT_FALSE(environment.logicalCores);
    EXPECT_TRUE(environment.ranks.empty());
    EXPECT_FALSE(environment.importFormat);
    EXPECT_TRUE(environment.provenance.empty());
    EXPECT_FALSE(environment.reportedNumber("total_flos"));
    EXPECT_EQ(nlohmann::json(environment), stored);
}

// The engine stored -1 where getloadavg failed: that is unknown, not a load.
TEST(RunEnvironment, ALoadTheRunCouldNotReadIsUnknown) {
    EXPECT_FALSE(nlohmann::json({{"load_average_1m", -1.0}}).get<RunEnvironment>().loadAverage1m);
    EXPECT_EQ(nlohmann::json({{"load_average_1m", 0.0}}).get<RunEnvironment>().loadAverage1m, 0.0);
}

TEST(RunOrigin, TheStoredSourceAndTheRunsOwnFiguresSayWhereARunComesFrom) {
    EXPECT_EQ(originFromStored("local", false, false), RunOrigin::Engine);
    EXPECT_EQ(originFromStored("imported", true, false), RunOrigin::Import);
    EXPECT_EQ(originFromStored("reference", true, false), RunOrigin::PublishedFigure);
    // A peer's run with its headline only was measured, not published.
    EXPECT_EQ(originFromStored("reference", true, true), RunOrigin::MeasuredReference);
    EXPECT_EQ(originFromStored("reference", false, false), RunOrigin::MeasuredReference);
    EXPECT_FALSE(originFromStored("elsewhere", false, false));
    for (const auto origin : {RunOrigin::Engine, RunOrigin::Import, RunOrigin::PublishedFigure, RunOrigin::MeasuredReference})
        EXPECT_EQ(isReference(origin), storedSource(origin) == "reference");
    for (const auto format : {ImportFormat::Trainer, ImportFormat::TensorBoard, ImportFormat::Csv})
        EXPECT_EQ(storedFormatNamed(storedFormatName(format)), format);
}

}  // namespace
}  // namespace bb
