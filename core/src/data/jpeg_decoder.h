// JPEG to RGB through libjpeg-turbo's TurboJPEG API. It decodes straight into RGB, which
// avoids the scalar BGR swap that makes cv::imdecode about half as fast.
// One instance per thread: a TurboJPEG handle must not be shared between threads. A file that
// fails leaves the decoder as good as new for the next one.
#pragma once

#include <cstdint>
#include <span>
#include <string>

namespace bb {

class RgbImage;

// Larger images are refused from their header, before any allocation. PIL's limit (its
// DecompressionBombError), so the Python peers refuse the same files: 537 MB of RGB.
inline constexpr std::uint64_t kMaxJpegPixels = 178'956'970;

struct JpegHeader {
    int widthPx = 0;
    int heightPx = 0;
};

class JpegDecoder {
public:
    JpegDecoder();  // throws std::runtime_error when TurboJPEG cannot allocate a handle
    ~JpegDecoder();
    JpegDecoder(const JpegDecoder&) = delete;
    JpegDecoder& operator=(const JpegDecoder&) = delete;

    // Parses the headers up to the first scan; `bytes` may be a prefix of the file. On
    // failure (or an image of more than kMaxJpegPixels) returns false and says why in `error`.
    bool readHeader(std::span<const std::uint8_t> bytes, JpegHeader& header, std::string& error);

    // Decodes a whole file into `image` (8-bit RGB). Warnings count as failures: libjpeg
    // "recovers" a truncated file by painting the missing rows grey, which is corrupt data
    // as far as training is concerned.
    bool decode(std::span<const std::uint8_t> bytes, RgbImage& image, std::string& error);

private:
    // Sets `error`, replaces the handle with a fresh one, returns false.
    bool fail(std::string& error, std::string message);

    void* m_handle = nullptr;  // tjhandle
};

}  // namespace bb
