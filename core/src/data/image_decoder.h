// Any supported image file's bytes to 8-bit RGB: JPEG through TurboJPEG, other formats
// through OpenCV's imgcodecs when the build has it. One instance per thread.
#pragma once

#include <cstdint>
#include <span>
#include <string>

#include "data/jpeg_decoder.h"

namespace bb {

class RgbImage;

class ImageDecoder {
public:
    // False, with the reason in `error`, for corrupt data and unsupported formats.
    bool decode(std::span<const std::uint8_t> bytes, RgbImage& image, std::string& error);

private:
    JpegDecoder m_jpeg;
};

}  // namespace bb
