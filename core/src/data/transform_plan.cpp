#include "data/transform_plan.h"

#include <algorithm>
#include <cmath>

namespace bb {

std::string_view toString(Interpolation interpolation) noexcept {
    return interpolation == Interpolation::Bicubic ? "bicubic" : "bilinear";
}

std::optional<Interpolation> interpolationFromString(std::string_view text) noexcept {
    if (text == "bilinear") {
        return Interpolation::Bilinear;
    }
    if (text == "bicubic") {
        return Interpolation::Bicubic;
    }
    return std::nullopt;
}

namespace {

int roundToInt(double value) {
    return static_cast<int>(std::lround(value));
}

TransformPlan evaluationPlan(int widthPx, int heightPx, int sizePx) {
    TransformPlan plan;
    plan.sourceRect = {0, 0, widthPx, heightPx};
    if (widthPx <= heightPx) {
        plan.resizedWidthPx = sizePx;
        plan.resizedHeightPx = std::max(sizePx, roundToInt(double(heightPx) * sizePx / widthPx));
    } else {
        plan.resizedHeightPx = sizePx;
        plan.resizedWidthPx = std::max(sizePx, roundToInt(double(widthPx) * sizePx / heightPx));
    }
    // Integer halving, like the Hugging Face processor's center_crop.
    plan.cropRect = {(plan.resizedWidthPx - sizePx) / 2, (plan.resizedHeightPx - sizePx) / 2, sizePx, sizePx};
    return plan;
}

// torchvision's RandomResizedCrop.get_params: ten tries at a random area and log-uniform
// aspect, then a centre crop clamped to the aspect range.
PixelRect randomCrop(int widthPx, int heightPx, const ImageTransformOptions& options, SplitMix64& rng) {
    const double area = double(widthPx) * heightPx;
    const double logMin = std::log(options.minAspect);
    const double logMax = std::log(options.maxAspect);
    for (int attempt = 0; attempt < 10; ++attempt) {
        const double targetArea = area * rng.uniform(options.minAreaShare, options.maxAreaShare);
        const double aspect = std::exp(rng.uniform(logMin, logMax));
        const int cropWidth = roundToInt(std::sqrt(targetArea * aspect));
        const int cropHeight = roundToInt(std::sqrt(targetArea / aspect));
        if (cropWidth > 0 && cropHeight > 0 && cropWidth <= widthPx && cropHeight <= heightPx) {
            const int x = static_cast<int>(rng.between(0, widthPx - cropWidth));
            const int y = static_cast<int>(rng.between(0, heightPx - cropHeight));
            return {x, y, cropWidth, cropHeight};
        }
    }
    const double aspect = double(widthPx) / heightPx;
    int cropWidth = widthPx;
    int cropHeight = heightPx;
    if (aspect < options.minAspect) {
        cropHeight = std::max(1, roundToInt(widthPx / options.minAspect));
    } else if (aspect > options.maxAspect) {
        cropWidth = std::max(1, roundToInt(heightPx * options.maxAspect));
    }
    return {(widthPx - cropWidth) / 2, (heightPx - cropHeight) / 2, cropWidth, cropHeight};
}

}  // namespace

TransformPlan planTransform(int widthPx, int heightPx, const ImageTransformOptions& options,
                            SplitMix64& rng) {
    const int sizePx = options.imageSizePx;
    if (!options.augment) {
        return evaluationPlan(widthPx, heightPx, sizePx);
    }
    TransformPlan plan;
    plan.sourceRect = randomCrop(widthPx, heightPx, options, rng);
    plan.resizedWidthPx = sizePx;
    plan.resizedHeightPx = sizePx;
    plan.cropRect = {0, 0, sizePx, sizePx};
    plan.flip = rng.unit() < 0.5;
    return plan;
}

}  // namespace bb
