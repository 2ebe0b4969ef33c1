// What happens to one decoded image, decided before any pixel moves, so that the host path
// (OpenCV in the loader) and the device path (batched tensor ops on the training device)
// do exactly the same geometry, and augmentation is fixed by the seed rather than by which
// thread or device does the work.
//
// Evaluation, as BridgeTower's image processor: resize the shorter side to the image size,
// then take the centre square. Augmentation: a random resized crop (area share and aspect
// drawn as torchvision's RandomResizedCrop does) resized to the square, and a random
// horizontal flip. Then both scale to [0, 1] and normalise with CLIP's mean and std.
#pragma once

#include <array>
#include <optional>
#include <string_view>

#include "data/random.h"

namespace bb {

// Both paths sample as OpenCV's INTER_LINEAR/INTER_CUBIC resize and torch's bilinear/bicubic
// interpolate do (align_corners=false, no antialias, cubic a=-0.75).
enum class Interpolation { Bilinear, Bicubic };

std::string_view toString(Interpolation interpolation) noexcept;
std::optional<Interpolation> interpolationFromString(std::string_view text) noexcept;

// openai/clip-vit-base-patch32 image statistics, used by BridgeTower's processor.
inline constexpr std::array<float, 3> kClipMean{0.48145466F, 0.4578275F, 0.40821073F};
inline constexpr std::array<float, 3> kClipStd{0.26862954F, 0.26130258F, 0.27577711F};

struct ImageTransformOptions {
    int imageSizePx = 288;
    Interpolation interpolation = Interpolation::Bilinear;
    bool augment = false;
    // Augmentation only. The area share keeps most of the scene (torchvision's default goes
    // down to 0.08) because the synthetic captions name shapes that a tight crop would cut.
    double minAreaShare = 0.5;
    double maxAreaShare = 1.0;
    double minAspect = 3.0 / 4.0;
    double maxAspect = 4.0 / 3.0;
};

struct PixelRect {
    int x = 0;
    int y = 0;
    int widthPx = 0;
    int heightPx = 0;
    bool operator==(const PixelRect&) const = default;
};

struct TransformPlan {
    PixelRect sourceRect;        // region of the decoded image that is resized
    int resizedWidthPx = 0;      // size that region is resized to
    int resizedHeightPx = 0;
    PixelRect cropRect;          // taken from the resized region: imageSize × imageSize
    bool flip = false;           // mirror left-right after the crop
    bool operator==(const TransformPlan&) const = default;
};

// Draws from `rng` only when options.augment is set.
TransformPlan planTransform(int widthPx, int heightPx, const ImageTransformOptions& options,
                            SplitMix64& rng);

}  // namespace bb
