#include "engine/grad_scaler.h"

#include <gtest/gtest.h>

#include <limits>

namespace bb {
namespace {

std::vector<torch::Tensor> withGradients(const std::vector<torch::Tensor>& gradients) {
    std::vector<torch::Tensor> parameters;
    for (const auto& gradient : gradients) {
        torch::Tensor p = torch::zeros_like(gradient).requires_grad_(true);
        p.mutable_grad() = gradient.clone();
        parameters.push_back(p);
    }
    return parameters;
}

TEST(GradScaler, ScalesTheLossAndDividesEveryGradientBack) {
    GradScaler scaler({.initialScale = 1024.0});
    EXPECT_DOUBLE_EQ(scaler.scale(torch::tensor(0.5)).item<double>(), 512.0);
    auto parameters = withGradients({torch::full({3}, 2048.0), torch::full({2, 2}, -512.0)});
    parameters.push_back(torch::zeros({2}).requires_grad_(true));  // no gradient: left alone
    EXPECT_TRUE(scaler.unscale(parameters));
    EXPECT_TRUE(torch::allclose(parameters[0].grad(), torch::full({3}, 2.0)));
    EXPECT_TRUE(torch::allclose(parameters[1].grad(), torch::full({2, 2}, -0.5)));
    EXPECT_FALSE(parameters[2].grad().defined());
}

TEST(GradScaler, AnInfOrNanInAnyGradientSkipsTheStepAndHalvesTheScale) {
    for (const float bad : {std::numeric_limits<float>::infinity(), std::numeric_limits<float>::quiet_NaN()}) {
        GradScaler scaler({.initialScale = 256.0});
        torch::Tensor spoiled = torch::ones({5});
        spoiled[3] = bad;
        const auto parameters = withGradients({torch::ones({4}), spoiled});
        const bool finite = scaler.unscale(parameters);
        EXPECT_FALSE(finite) << bad;
        scaler.update(finite);
        EXPECT_DOUBLE_EQ(scaler.currentScale(), 128.0);
        EXPECT_EQ(scaler.skippedSteps(), 1);
    }
}

TEST(GradScaler, GrowsAfterTheIntervalOfCleanStepsAndAnOverflowRestartsTheCount) {
    GradScaler scaler({.initialScale = 8.0, .growthInterval = 3});
    scaler.update(true);
    scaler.update(true);
    EXPECT_DOUBLE_EQ(scaler.currentScale(), 8.0);
    scaler.update(true);
    EXPECT_DOUBLE_EQ(scaler.currentScale(), 16.0);
    scaler.update(true);
    scaler.update(true);
    scaler.update(false);  // two clean steps, then an overflow: the count starts again
    EXPECT_DOUBLE_EQ(scaler.currentScale(), 8.0);
    scaler.update(true);
    scaler.update(true);
    EXPECT_DOUBLE_EQ(scaler.currentScale(), 8.0);
    scaler.update(true);
    EXPECT_DOUBLE_EQ(scaler.currentScale(), 16.0);
    const nlohmann::json summary = scaler.toJson();
    EXPECT_EQ(summary["skipped_steps"], 1);
    EXPECT_EQ(summary["final_scale"], 16.0);
    EXPECT_EQ(summary["initial_scale"], 8.0);
}

TEST(GradScaler, NeverGrowsIntoInfinity) {
    GradScaler scaler({.initialScale = std::numeric_limits<double>::max(), .growthInterval = 1});
    scaler.update(true);
    EXPECT_DOUBLE_EQ(scaler.currentScale(), std::numeric_limits<double>::max());
}

TEST(GradScaler, RefusesOptionsThatCouldNotConverge) {
    EXPECT_THROW(GradScaler({.initialScale = 0.0}), std::invalid_argument);
    EXPECT_THROW(GradScaler({.growthFactor = 1.0}), std::invalid_argument);
    EXPECT_THROW(GradScaler({.backoffFactor = 1.0}), std::invalid_argument);
    EXPECT_THROW(GradScaler({.growthInterval = 0}), std::invalid_argument);
}

}  // namespace
}  // namespace bb
