// The host path of a TransformPlan: OpenCV resize, crop, optional flip, then scale and CLIP
// normalisation into a caller's float CHW buffer (a slice of the batch tensor, so the
// pixels are written once, where the model will read them).
//
// One instance per thread; it keeps its scratch images between calls. OpenCV may run
// resize on its own thread pool: the loader sets that pool's size (see loader.h).
#pragma once

#include <array>

#include <opencv2/core/mat.hpp>

#include "data/transform_plan.h"

namespace bb {

class CpuImageTransform {
public:
    explicit CpuImageTransform(Interpolation interpolation);

    // `rgb` is 8-bit RGB HWC. Writes 3 × crop height × crop width floats to `chw`.
    void apply(const cv::Mat& rgb, const TransformPlan& plan, float* chw);

private:
    int m_interpolation;  // cv::InterpolationFlags
    cv::Mat m_resized;
    cv::Mat m_flipped;
    std::array<cv::Mat, 3> m_planes;
};

}  // namespace bb
