#include "model/dropout.h"

#include <gtest/gtest.h>

#include <torch/torch.h>

namespace bb {
namespace {

TEST(Dropout, KeepsAboutOneMinusPOfTheElementsAndScalesThem) {
    torch::manual_seed(11);
    const at::Tensor input = torch::ones({400, 501});  // odd count: the last element has no pair
    const at::Tensor out = applyDropout(input, 0.1, true);
    const at::Tensor kept = out.ne(0);
    EXPECT_NEAR(kept.to(at::kDouble).mean().item<double>(), 0.9, 0.003);
    EXPECT_TRUE(torch::equal(out.masked_select(kept), torch::full({kept.sum().item<int64_t>()}, 1.0f / 0.9f)));
    // Neither half of a draw is stuck: both even and odd positions see drops.
    EXPECT_GT(kept.view(-1).slice(0, 0, c10::nullopt, 2).logical_not().sum().item<int64_t>(), 0);
    EXPECT_GT(kept.view(-1).slice(0, 1, c10::nullopt, 2).logical_not().sum().item<int64_t>(), 0);
}

TEST(Dropout, GradientTakesTheSameMaskAndScale) {
    torch::manual_seed(12);
    const at::Tensor input = torch::randn({7, 9}, torch::requires_grad());
    const at::Tensor out = applyDropout(input, 0.3, true);
    const at::Tensor weights = torch::randn({7, 9});
    (out * weights).sum().backward();
    const at::Tensor mask = out.ne(0).to(at::kFloat);
    EXPECT_TRUE(torch::allclose(input.grad(), weights * mask / 0.7, 1e-6, 1e-7));
    EXPECT_TRUE(torch::allclose(out, input.detach() * mask / 0.7, 1e-6, 1e-7));
}

TEST(Dropout, FollowsTorchsSeed) {
    const at::Tensor input = torch::ones({1000});
    torch::manual_seed(13);
    const at::Tensor first = applyDropout(input, 0.5, true);
    const at::Tensor next = applyDropout(input, 0.5, true);
    torch::manual_seed(13);
    EXPECT_TRUE(torch::equal(applyDropout(input, 0.5, true), first));
    EXPECT_FALSE(torch::equal(next, first));
}

TEST(Dropout, ReturnsTheInputOutsideTrainingOrWithZeroProbability) {
    const at::Tensor input = torch::randn({3, 4});
    EXPECT_TRUE(applyDropout(input, 0.1, false).is_same(input));
    EXPECT_TRUE(applyDropout(input, 0.0, true).is_same(input));
}

TEST(Dropout, OtherDtypesTakeATensDropout) {
    torch::manual_seed(14);
    const at::Tensor out = applyDropout(torch::ones({1000}, torch::kDouble), 0.5, true);
    EXPECT_EQ(out.scalar_type(), at::kDouble);
    EXPECT_TRUE(torch::logical_or(out.eq(0), out.eq(2)).all().item<bool>());
}

}  // namespace
}  // namespace bb
