#include "data/transform_plan.h"

#include <gtest/gtest.h>

namespace bb {
namespace {

TEST(TransformPlan, EvaluationResizesShorterSideAndCropsTheCentre) {
    ImageTransformOptions options;  // 288, no augmentation
    SplitMix64 rng(1);
    const TransformPlan landscape = planTransform(640, 480, options, rng);
    EXPECT_EQ(landscape.sourceRect, (PixelRect{0, 0, 640, 480}));
    EXPECT_EQ(landscape.resizedWidthPx, 384);
    EXPECT_EQ(landscape.resizedHeightPx, 288);
    EXPECT_EQ(landscape.cropRect, (PixelRect{48, 0, 288, 288}));
    EXPECT_FALSE(landscape.flip);

    const TransformPlan portrait = planTransform(300, 500, options, rng);
    EXPECT_EQ(portrait.resizedWidthPx, 288);
    EXPECT_EQ(portrait.resizedHeightPx, 480);
    EXPECT_EQ(portrait.cropRect, (PixelRect{0, 96, 288, 288}));
}

TEST(TransformPlan, EvaluationDrawsNothingFromTheGenerator) {
    ImageTransformOptions options;
    SplitMix64 used(5);
    SplitMix64 untouched(5);
    planTransform(640, 480, options, used);
    EXPECT_EQ(used(), untouched());
}

TEST(TransformPlan, AugmentationCropsStayInsideTheImageWithinAreaAndAspectBounds) {
    ImageTransformOptions options;
    options.augment = true;
    int flips = 0;
    for (std::uint64_t seed = 0; seed < 400; ++seed) {
        SplitMix64 rng(seed);
        const TransformPlan plan = planTransform(640, 480, options, rng);
        const PixelRect& crop = plan.sourceRect;
        ASSERT_GE(crop.x, 0);
        ASSERT_GE(crop.y, 0);
        ASSERT_LE(crop.x + crop.widthPx, 640);
        ASSERT_LE(crop.y + crop.heightPx, 480);
        const double areaShare = double(crop.widthPx) * crop.heightPx / (640.0 * 480.0);
        EXPECT_GE(areaShare, options.minAreaShare * 0.97);
        EXPECT_LE(areaShare, options.maxAreaShare * 1.0001);
        const double aspect = double(crop.widthPx) / crop.heightPx;
        EXPECT_GE(aspect, options.minAspect * 0.98);
        EXPECT_LE(aspect, options.maxAspect * 1.02);
        EXPECT_EQ(plan.resizedWidthPx, 288);
        EXPECT_EQ(plan.cropRect, (PixelRect{0, 0, 288, 288}));
        flips += plan.flip ? 1 : 0;
    }
    EXPECT_GT(flips, 150);
    EXPECT_LT(flips, 250);
}

TEST(TransformPlan, AugmentationIsAFunctionOfTheSeed) {
    ImageTransformOptions options;
    options.augment = true;
    SplitMix64 a(42);
    SplitMix64 b(42);
    SplitMix64 c(43);
    const TransformPlan first = planTransform(500, 400, options, a);
    EXPECT_EQ(first, planTransform(500, 400, options, b));
    EXPECT_NE(first, planTransform(500, 400, options, c));
}

TEST(TransformPlan, InterpolationNamesRoundTrip) {
    EXPECT_EQ(interpolationFromString("bicubic"), Interpolation::Bicubic);
    EXPECT_EQ(interpolationFromString(toString(Interpolation::Bilinear)), Interpolation::Bilinear);
    EXPECT_FALSE(interpolationFromString("nearest"));
}

}  // namespace
}  // namespace bb
