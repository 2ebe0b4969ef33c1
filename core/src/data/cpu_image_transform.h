// The host path of a TransformPlan: resize, crop, flip and CLIP-normalise in one separable
// pass that computes only the pixels the crop keeps, written straight into the caller's
// float CHW planes.
//
// Why by hand rather than cv::resize + crop + split + convertTo: OpenCV resizes the whole
// region before the crop throws a quarter of it away (640 × 480 → 384 × 288 → 288²),
// its 8-bit INTER_CUBIC horizontal pass is scalar, and split and convertTo are two more
// passes over the pixels. Measured on one core for that image (bench/loader_bench.cpp,
// BM_HostTransform): bicubic 0.75–0.87 ms here against 2.2–2.4 ms for OpenCV's route;
// bilinear 0.46–0.55 ms against 0.31–0.53 ms, a tie within this machine's noise.
//
// Sampling matches OpenCV's resize (and torch's interpolate with align_corners=false):
// half-pixel centres, replicated borders, cubic a = -0.75, bilinear positions clamped to
// the image. Weights are float (OpenCV quantises bilinear ones to 11 bits). Each output
// pixel is rounded to 8 bits before normalising, as PIL and the Hugging Face processor do.
//
// One instance per thread: it keeps its tap tables and row buffer between images.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include <opencv2/core/mat.hpp>

#include "data/transform_plan.h"

namespace bb {

class CpuImageTransform {
public:
    explicit CpuImageTransform(Interpolation interpolation);

    // `rgb` is 8-bit RGB HWC holding the plan's source rectangle. Writes 3 × crop height ×
    // crop width floats to `chw` (a slice of the batch tensor: pixels are written once,
    // where the model will read them).
    void apply(const cv::Mat& rgb, const TransformPlan& plan, float* chw);

private:
    // For each output column (or row): the source indices its taps read and their weights.
    struct Taps {
        std::vector<int> first;  // unclamped index of tap 0
        std::vector<float> weights;
    };

    void planTaps(int sourceLength, int resizedLength, int cropOffset, int cropLength, bool mirror,
                  Taps& taps) const;

    int m_taps;  // 2 (bilinear) or 4 (bicubic)
    bool m_cubic;
    Taps m_columns;
    Taps m_rows;
    std::vector<int> m_columnOffsets;  // float offset of each column tap in m_blended, borders clamped
    // The source rows of one output row, blended vertically first: blending 8-bit rows is a
    // straight vectorisable loop, and then only the crop's rows need the horizontal pass.
    std::vector<float> m_blended;
};

}  // namespace bb
