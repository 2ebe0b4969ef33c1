// An 8-bit RGB image with packed rows (stride 3 × width), decoded by a worker and reused
// for the next file: the buffer only grows, so decoding many images of similar size
// allocates (and faults pages in) once per worker, not once per image.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include <opencv2/core/mat.hpp>

namespace bb {

class RgbImage {
public:
    int widthPx() const noexcept { return m_widthPx; }
    int heightPx() const noexcept { return m_heightPx; }
    std::size_t byteCount() const noexcept {
        return static_cast<std::size_t>(m_widthPx) * static_cast<std::size_t>(m_heightPx) * 3;
    }
    std::uint8_t* data() noexcept { return m_pixels.data(); }
    const std::uint8_t* data() const noexcept { return m_pixels.data(); }

    // Sets the size; keeps the buffer when it is large enough. Pixel values are unspecified.
    void reshape(int widthPx, int heightPx) {
        m_widthPx = widthPx;
        m_heightPx = heightPx;
        if (m_pixels.size() < byteCount()) {
            m_pixels.resize(byteCount());
        }
    }

    // A header over this image's pixels (no copy); valid until the next reshape().
    cv::Mat mat() { return cv::Mat(m_heightPx, m_widthPx, CV_8UC3, m_pixels.data()); }
    cv::Mat mat() const {
        return cv::Mat(m_heightPx, m_widthPx, CV_8UC3, const_cast<std::uint8_t*>(m_pixels.data()));
    }

private:
    int m_widthPx = 0;
    int m_heightPx = 0;
    std::vector<std::uint8_t> m_pixels;
};

}  // namespace bb
