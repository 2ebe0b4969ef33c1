// One synthetic picture and its caption: a noisy two-colour gradient (so JPEG decoding costs
// about what a photo costs) with one to three coloured shapes in distinct cells of a 3 × 3
// grid, and a caption naming each shape's size, colour, kind and place.
#pragma once

#include <cstdint>
#include <string>

#include <opencv2/core/mat.hpp>

namespace bb {

class RgbImage;
class SplitMix64;

// Thread contract: draw() is const and may run on several threads at once.
class SyntheticSceneRenderer {
public:
    SyntheticSceneRenderer();  // builds the grain pool (a few milliseconds)

    // Draws into `image` (reshaped to width × height) and returns the caption. A pure
    // function of its arguments.
    std::string draw(std::uint64_t seed, std::int64_t index, int widthPx, int heightPx, RgbImage& image) const;

private:
    // Windows of 64 KiB at random starts in a 1 MiB pool: no visible repetition, and the
    // pool fits in cache.
    static constexpr int kGrainWindowBytes = 1 << 16;
    static constexpr int kGrainPoolBytes = 1 << 20;

    void addGrain(cv::Mat& canvas, SplitMix64& rng) const;

    cv::Mat m_grainUp;
    cv::Mat m_grainDown;
};

}  // namespace bb
