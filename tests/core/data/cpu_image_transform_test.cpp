#include "data/cpu_image_transform.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <vector>

#include <gtest/gtest.h>

#include "data/random.h"
#include "data/rgb_image.h"

namespace bb {
namespace {

// One 8-bit level after normalisation, per channel, with a hair of float slack.
float levelTolerance(int channel) {
    return 1.01F / (255.0F * kClipStd[static_cast<std::size_t>(channel)]);
}

// A 5 × 4 picture with no linear structure, so that wrong sample positions show.
RgbImage tinyImage() {
    RgbImage image;
    image.reshape(5, 4);
    for (int y = 0; y < 4; ++y) {
        for (int x = 0; x < 5; ++x) {
            std::uint8_t* pixel = image.data() + 3 * (y * 5 + x);
            pixel[0] = static_cast<std::uint8_t>((x * x * 13 + y * 29) % 256);
            pixel[1] = static_cast<std::uint8_t>((x * 53 + y * y * 17) % 256);
            pixel[2] = static_cast<std::uint8_t>(200 - 30 * x + ((x + y) % 2) * 40);
        }
    }
    return image;
}

TEST(CpuImageTransform, MatchesValuesComputedIndependentlyForATinyImage) {
    // Expected values from a separate Python script: resize 5 × 4 to 4 × 3 with half-pixel
    // bilinear sampling, round to 8 bits, centre crop 3 × 3, then (v / 255 - mean) / std.
    const std::vector<std::vector<float>> expected{
        {-1.704672F, -1.325113F, -0.376215F, -1.135333F, -0.755774F, 0.193123F, -0.565995F, -0.186436F, 0.762462F},
        {-1.617027F, -0.611507F, 0.379006F, -1.016716F, -0.026204F, 0.979317F, 0.424029F, 0.228928F, -0.776592F},
        {1.449114F, 1.107832F, 0.581690F, 1.591314F, 1.065172F, 0.524809F, 1.733515F, 1.008292F, 0.482149F},
    };
    const RgbImage image = tinyImage();
    ImageTransformOptions options;
    options.imageSizePx = 3;
    SplitMix64 rng(0);
    const TransformPlan plan = planTransform(5, 4, options, rng);
    ASSERT_EQ(plan.resizedWidthPx, 4);
    ASSERT_EQ(plan.resizedHeightPx, 3);

    std::vector<float> chw(27, -100.0F);
    CpuImageTransform transform(Interpolation::Bilinear);
    transform.apply(image.mat(), plan, chw.data());
    for (int channel = 0; channel < 3; ++channel) {
        for (int i = 0; i < 9; ++i) {
            EXPECT_NEAR(chw[static_cast<std::size_t>(channel * 9 + i)],
                        expected[static_cast<std::size_t>(channel)][static_cast<std::size_t>(i)], levelTolerance(channel))
                << "channel " << channel << " pixel " << i;
        }
    }
}

// An independent reference: OpenCV's resize semantics (half-pixel centres, replicated
// borders, cubic a = -0.75) in double precision, straight from the definitions.
double cubicWeight(double distance) {
    // Keys (1981), written in powers of |d| as the paper gives it.
    constexpr double a = -0.75;
    const double d = std::abs(distance);
    const double d2 = d * d;
    const double d3 = d2 * d;
    if (d <= 1) {
        return (a + 2) * d3 - (a + 3) * d2 + 1;
    }
    return d < 2 ? a * d3 - 5 * a * d2 + 8 * a * d - 4 * a : 0.0;
}

std::vector<float> referenceTransform(const RgbImage& image, const TransformPlan& plan, Interpolation interpolation) {
    const PixelRect& source = plan.sourceRect;
    auto at = [&](int x, int y, int channel) {
        x = std::clamp(x, 0, source.widthPx - 1) + source.x;
        y = std::clamp(y, 0, source.heightPx - 1) + source.y;
        return double(image.data()[3 * (y * image.widthPx() + x) + channel]);
    };
    const double scaleX = double(source.widthPx) / plan.resizedWidthPx;
    const double scaleY = double(source.heightPx) / plan.resizedHeightPx;
    const int size = plan.cropRect.widthPx;
    std::vector<float> chw(static_cast<std::size_t>(3 * size * size));
    for (int channel = 0; channel < 3; ++channel) {
        for (int y = 0; y < size; ++y) {
            for (int x = 0; x < size; ++x) {
                const int resizedX = plan.cropRect.x + (plan.flip ? size - 1 - x : x);
                const int resizedY = plan.cropRect.y + y;
                const double fx = (resizedX + 0.5) * scaleX - 0.5;
                const double fy = (resizedY + 0.5) * scaleY - 0.5;
                double value = 0;
                if (interpolation == Interpolation::Bilinear) {
                    // OpenCV clamps the sample position itself at the borders.
                    const double cx = std::clamp(fx, 0.0, double(source.widthPx - 1));
                    const double cy = std::clamp(fy, 0.0, double(source.heightPx - 1));
                    const int x0 = static_cast<int>(std::floor(cx));
                    const int y0 = static_cast<int>(std::floor(cy));
                    const double tx = cx - x0;
                    const double ty = cy - y0;
                    value = (at(x0, y0, channel) * (1 - tx) + at(x0 + 1, y0, channel) * tx) * (1 - ty) +
                            (at(x0, y0 + 1, channel) * (1 - tx) + at(x0 + 1, y0 + 1, channel) * tx) * ty;
                } else {
                    const int x0 = static_cast<int>(std::floor(fx));
                    const int y0 = static_cast<int>(std::floor(fy));
                    for (int j = -1; j <= 2; ++j) {
                        for (int i = -1; i <= 2; ++i) {
                            value += at(x0 + i, y0 + j, channel) * cubicWeight(fx - (x0 + i)) * cubicWeight(fy - (y0 + j));
                        }
                    }
                }
                const double level = std::clamp(std::floor(value + 0.5), 0.0, 255.0);
                chw[static_cast<std::size_t>((channel * size + y) * size + x)] =
                    static_cast<float>((level / 255.0 - kClipMean[static_cast<std::size_t>(channel)]) /
                                       kClipStd[static_cast<std::size_t>(channel)]);
            }
        }
    }
    return chw;
}

RgbImage noiseImage(int widthPx, int heightPx, std::uint64_t seed) {
    RgbImage image;
    image.reshape(widthPx, heightPx);
    SplitMix64 rng(seed);
    for (std::size_t i = 0; i < image.byteCount(); ++i) {
        image.data()[i] = static_cast<std::uint8_t>(rng.below(256));
    }
    return image;
}

struct ReferenceCase {
    Interpolation interpolation = Interpolation::Bilinear;
    bool augment = false;
    int widthPx = 37;
    int heightPx = 29;
};

void expectMatchesReference(const ReferenceCase& testCase) {
    constexpr int kSizePx = 16;
    constexpr int kPlanePixels = kSizePx * kSizePx;
    const RgbImage image = noiseImage(testCase.widthPx, testCase.heightPx, 11);
    ImageTransformOptions options;
    options.imageSizePx = kSizePx;
    options.interpolation = testCase.interpolation;
    options.augment = testCase.augment;
    CpuImageTransform transform(testCase.interpolation);
    for (std::uint64_t seed = 0; seed < 6; ++seed) {
        SplitMix64 rng(seed);
        const TransformPlan plan = planTransform(image.widthPx(), image.heightPx(), options, rng);
        std::vector<float> chw(3 * kPlanePixels);
        transform.apply(image.mat(), plan, chw.data());
        const std::vector<float> expected = referenceTransform(image, plan, testCase.interpolation);
        double totalLevels = 0;
        for (std::size_t i = 0; i < chw.size(); ++i) {
            const int channel = static_cast<int>(i / kPlanePixels);
            ASSERT_NEAR(chw[i], expected[i], levelTolerance(channel)) << "seed " << seed << " index " << i;
            totalLevels += std::abs(chw[i] - expected[i]) * 255.0 * kClipStd[static_cast<std::size_t>(channel)];
        }
        // Float weights against the double reference: a sum that lands within float error of
        // a rounding boundary may go the other way, which is rare.
        EXPECT_LT(totalLevels / double(chw.size()), 0.02) << "seed " << seed;
    }
}

TEST(CpuImageTransform, BilinearCentreCropMatchesReference) {
    expectMatchesReference({.interpolation = Interpolation::Bilinear});
}

TEST(CpuImageTransform, BicubicCentreCropMatchesReference) {
    expectMatchesReference({.interpolation = Interpolation::Bicubic});
}

TEST(CpuImageTransform, RandomResizedCropAndFlipMatchReference) {
    expectMatchesReference({.interpolation = Interpolation::Bilinear, .augment = true});
    expectMatchesReference({.interpolation = Interpolation::Bicubic, .augment = true});
}

// Upscaling clamps several taps of every border pixel onto the same source pixel.
TEST(CpuImageTransform, UpscalingASmallImageMatchesReference) {
    expectMatchesReference({.interpolation = Interpolation::Bicubic, .widthPx = 7, .heightPx = 5});
    expectMatchesReference({.interpolation = Interpolation::Bilinear, .widthPx = 5, .heightPx = 9});
}

// A downscale by ~9 leaves most source rows and columns unread.
TEST(CpuImageTransform, LargeDownscaleMatchesReference) {
    expectMatchesReference({.interpolation = Interpolation::Bicubic, .widthPx = 203, .heightPx = 151});
    expectMatchesReference({.interpolation = Interpolation::Bilinear, .augment = true, .widthPx = 151, .heightPx = 203});
}

// Decoders may hand over a view into a larger buffer, whose rows are further apart.
TEST(CpuImageTransform, ReadsAViewOfALargerImageLikeACompactCopy) {
    const RgbImage large = noiseImage(50, 40, 3);
    const cv::Mat view = large.mat()(cv::Rect(5, 7, 37, 29));
    const cv::Mat compact = view.clone();
    ASSERT_NE(view.step, compact.step);
    ImageTransformOptions options;
    options.imageSizePx = 16;
    options.augment = true;
    SplitMix64 rng(4);
    const TransformPlan plan = planTransform(37, 29, options, rng);
    CpuImageTransform transform(Interpolation::Bicubic);
    std::vector<float> fromView(3 * 16 * 16);
    std::vector<float> fromCopy(3 * 16 * 16);
    transform.apply(view, plan, fromView.data());
    transform.apply(compact, plan, fromCopy.data());
    EXPECT_EQ(fromView, fromCopy);
}

TEST(CpuImageTransform, RejectsAPlanOutsideTheImage) {
    const RgbImage image = noiseImage(20, 10, 1);
    ImageTransformOptions options;
    options.imageSizePx = 8;
    SplitMix64 rng(0);
    const TransformPlan plan = planTransform(30, 10, options, rng);
    CpuImageTransform transform(Interpolation::Bilinear);
    std::vector<float> chw(3 * 8 * 8);
    EXPECT_THROW(transform.apply(image.mat(), plan, chw.data()), std::invalid_argument);
}

}  // namespace
}  // namespace bb
