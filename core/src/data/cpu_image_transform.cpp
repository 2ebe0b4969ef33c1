#include "data/cpu_image_transform.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstring>
#include <stdexcept>

namespace bb {

namespace {

// GCC/Clang vector extensions: one pixel's R, G, B (and a spare lane) per register, on any
// target these compilers know (SSE2 on x86-64, NEON on aarch64), without intrinsics.
using Float4 = float __attribute__((vector_size(16)));

Float4 loadFloat4(const float* source) {
    Float4 value;
    std::memcpy(&value, source, sizeof value);
    return value;
}

// Keys' cubic convolution with a = -0.75, OpenCV's and torch's choice.
double cubicWeight(double distance) {
    constexpr double a = -0.75;
    distance = std::abs(distance);
    if (distance <= 1) {
        return ((a + 2) * distance - (a + 3)) * distance * distance + 1;
    }
    if (distance < 2) {
        return ((a * distance - 5 * a) * distance + 8 * a) * distance - 4 * a;
    }
    return 0;
}

// Vertical pass: blends kTaps 8-bit source rows into one float row of interleaved RGB.
// One restrict pointer per row so that the compiler vectorises the widening and the sums.
template <int kTaps>
void blendRows(const std::array<const std::uint8_t*, 4>& rows, const float* weights, int floats,
               float* __restrict out) {
    const std::uint8_t* __restrict row0 = rows[0];
    const std::uint8_t* __restrict row1 = rows[1];
    const std::uint8_t* __restrict row2 = rows[kTaps == 4 ? 2 : 0];
    const std::uint8_t* __restrict row3 = rows[kTaps == 4 ? 3 : 0];
    const float weight0 = weights[0];
    const float weight1 = weights[1];
    const float weight2 = kTaps == 4 ? weights[2] : 0.0F;
    const float weight3 = kTaps == 4 ? weights[3] : 0.0F;
    for (int i = 0; i < floats; ++i) {
        float value = weight0 * float(row0[i]) + weight1 * float(row1[i]);
        if constexpr (kTaps == 4) {
            value += weight2 * float(row2[i]) + weight3 * float(row3[i]);
        }
        out[i] = value;
    }
}

// Horizontal pass over the blended row, one output pixel (all three channels) per vector,
// into the three output planes.
template <int kTaps>
void resampleColumns(const float* blended, const int* offsets, const float* weights, int widthPx,
                     float* __restrict red, float* __restrict green, float* __restrict blue) {
    for (int x = 0; x < widthPx; ++x) {
        Float4 sum{0, 0, 0, 0};
        for (int k = 0; k < kTaps; ++k) {
            sum += weights[x * kTaps + k] * loadFloat4(blended + offsets[x * kTaps + k]);
        }
        red[x] = sum[0];
        green[x] = sum[1];
        blue[x] = sum[2];
    }
}

// Rounds one output row of one channel to 8 bits and normalises it in place. Truncating
// v + 0.5 and clamping afterwards equals clamp-then-floor(v + 0.5) for every v, and
// vectorises without SSE4's round.
void roundAndNormalise(float* __restrict values, int count, float scale, float offset) {
    for (int i = 0; i < count; ++i) {
        int level = static_cast<int>(values[i] + 0.5F);
        level = level < 0 ? 0 : level;
        level = level > 255 ? 255 : level;
        values[i] = static_cast<float>(level) * scale + offset;
    }
}

}  // namespace

CpuImageTransform::CpuImageTransform(Interpolation interpolation)
    : m_taps(interpolation == Interpolation::Bicubic ? 4 : 2), m_cubic(interpolation == Interpolation::Bicubic) {}

void CpuImageTransform::planTaps(int sourceLength, int resizedLength, int cropOffset, int cropLength, bool mirror,
                                 Taps& taps) const {
    taps.first.resize(static_cast<std::size_t>(cropLength));
    taps.weights.resize(static_cast<std::size_t>(cropLength * m_taps));
    const double scale = double(sourceLength) / resizedLength;
    for (int i = 0; i < cropLength; ++i) {
        const int resized = cropOffset + (mirror ? cropLength - 1 - i : i);
        double position = (resized + 0.5) * scale - 0.5;
        float* weights = &taps.weights[static_cast<std::size_t>(i * m_taps)];
        if (m_cubic) {
            const double floor = std::floor(position);
            taps.first[static_cast<std::size_t>(i)] = static_cast<int>(floor) - 1;
            for (int k = 0; k < 4; ++k) {
                weights[k] = static_cast<float>(cubicWeight(position - (floor - 1 + k)));
            }
        } else {
            // OpenCV clamps the bilinear sample position itself, not only the indices.
            position = std::clamp(position, 0.0, double(sourceLength - 1));
            const double floor = std::floor(position);
            taps.first[static_cast<std::size_t>(i)] = static_cast<int>(floor);
            weights[0] = static_cast<float>(1.0 - (position - floor));
            weights[1] = static_cast<float>(position - floor);
        }
    }
}

void CpuImageTransform::apply(const cv::Mat& image, const TransformPlan& plan, float* chw) {
    const PixelRect& source = plan.sourceRect;
    const PixelRect& crop = plan.cropRect;
    if (image.type() != CV_8UC3 || source.x < 0 || source.y < 0 || source.widthPx <= 0 || source.heightPx <= 0 ||
        source.x + source.widthPx > image.cols || source.y + source.heightPx > image.rows || crop.widthPx <= 0 ||
        crop.heightPx <= 0) {
        throw std::invalid_argument("CpuImageTransform: the plan's source rectangle is not inside an 8-bit RGB image");
    }
    planTaps(source.widthPx, plan.resizedWidthPx, crop.x, crop.widthPx, plan.flip, m_columns);
    planTaps(source.heightPx, plan.resizedHeightPx, crop.y, crop.heightPx, false, m_rows);

    // Only the source columns some tap reads are blended; offsets count floats from the first.
    auto clampColumn = [&](int column) { return std::clamp(column, 0, source.widthPx - 1); };
    const auto [firstOfAll, lastOfAll] = std::minmax_element(m_columns.first.begin(), m_columns.first.end());
    const int lowColumn = clampColumn(*firstOfAll);
    const int highColumn = clampColumn(*lastOfAll + m_taps - 1);
    m_columnOffsets.resize(m_columns.weights.size());
    for (std::size_t x = 0; x < m_columns.first.size(); ++x) {
        for (int k = 0; k < m_taps; ++k) {
            m_columnOffsets[x * static_cast<std::size_t>(m_taps) + static_cast<std::size_t>(k)] =
                3 * (clampColumn(m_columns.first[x] + k) - lowColumn);
        }
    }
    const int blendedFloats = 3 * (highColumn - lowColumn + 1);
    m_blended.assign(static_cast<std::size_t>(blendedFloats) + 1, 0.0F);  // + the last pixel's spare lane

    std::array<float, 3> scale{};
    std::array<float, 3> offset{};
    for (std::size_t channel = 0; channel < 3; ++channel) {
        scale[channel] = static_cast<float>(1.0 / (255.0 * kClipStd[channel]));
        offset[channel] = static_cast<float>(-double(kClipMean[channel]) / kClipStd[channel]);
    }

    const std::uint8_t* firstColumn = image.ptr<std::uint8_t>() + 3 * static_cast<std::size_t>(source.x + lowColumn);
    const std::size_t planePixels = static_cast<std::size_t>(crop.widthPx) * crop.heightPx;
    for (int y = 0; y < crop.heightPx; ++y) {
        std::array<const std::uint8_t*, 4> rows{};
        for (int k = 0; k < m_taps; ++k) {
            const int row = source.y + std::clamp(m_rows.first[static_cast<std::size_t>(y)] + k, 0, source.heightPx - 1);
            rows[static_cast<std::size_t>(k)] = firstColumn + static_cast<std::size_t>(row) * image.step;
        }
        const float* rowWeights = &m_rows.weights[static_cast<std::size_t>(y * m_taps)];
        float* red = chw + static_cast<std::size_t>(y) * crop.widthPx;
        float* green = red + planePixels;
        float* blue = green + planePixels;
        if (m_cubic) {
            blendRows<4>(rows, rowWeights, blendedFloats, m_blended.data());
            resampleColumns<4>(m_blended.data(), m_columnOffsets.data(), m_columns.weights.data(), crop.widthPx, red,
                               green, blue);
        } else {
            blendRows<2>(rows, rowWeights, blendedFloats, m_blended.data());
            resampleColumns<2>(m_blended.data(), m_columnOffsets.data(), m_columns.weights.data(), crop.widthPx, red,
                               green, blue);
        }
        for (std::size_t channel = 0; channel < 3; ++channel) {
            roundAndNormalise(red + channel * planePixels, crop.widthPx, scale[channel], offset[channel]);
        }
    }
}

}  // namespace bb
