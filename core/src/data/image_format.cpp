#include "data/image_format.h"

#include <algorithm>
#include <array>

namespace bb {

namespace {

bool startsWith(std::span<const std::uint8_t> bytes, std::span<const std::uint8_t> prefix,
                std::size_t offset = 0) {
    return bytes.size() >= offset + prefix.size() &&
           std::equal(prefix.begin(), prefix.end(), bytes.begin() + static_cast<std::ptrdiff_t>(offset));
}

}  // namespace

ImageFormat sniffImageFormat(std::span<const std::uint8_t> head) noexcept {
    static constexpr std::array<std::uint8_t, 3> kJpeg{0xFF, 0xD8, 0xFF};
    static constexpr std::array<std::uint8_t, 8> kPng{0x89, 'P', 'N', 'G', 0x0D, 0x0A, 0x1A, 0x0A};
    static constexpr std::array<std::uint8_t, 2> kBmp{'B', 'M'};
    static constexpr std::array<std::uint8_t, 4> kRiff{'R', 'I', 'F', 'F'};
    static constexpr std::array<std::uint8_t, 4> kWebP{'W', 'E', 'B', 'P'};
    static constexpr std::array<std::uint8_t, 4> kTiffLittle{'I', 'I', 0x2A, 0x00};
    static constexpr std::array<std::uint8_t, 4> kTiffBig{'M', 'M', 0x00, 0x2A};
    if (startsWith(head, kJpeg)) {
        return ImageFormat::Jpeg;
    }
    if (startsWith(head, kPng)) {
        return ImageFormat::Png;
    }
    if (startsWith(head, kBmp)) {
        return ImageFormat::Bmp;
    }
    if (startsWith(head, kRiff) && startsWith(head, kWebP, 8)) {
        return ImageFormat::WebP;
    }
    if (startsWith(head, kTiffLittle) || startsWith(head, kTiffBig)) {
        return ImageFormat::Tiff;
    }
    return ImageFormat::Unknown;
}

std::string_view toString(ImageFormat format) noexcept {
    switch (format) {
    case ImageFormat::Jpeg: return "JPEG";
    case ImageFormat::Png: return "PNG";
    case ImageFormat::Bmp: return "BMP";
    case ImageFormat::WebP: return "WebP";
    case ImageFormat::Tiff: return "TIFF";
    case ImageFormat::Unknown: break;
    }
    return "unknown";
}

bool canDecode(ImageFormat format) noexcept {
    if (format == ImageFormat::Jpeg) {
        return true;
    }
#ifdef BB_HAVE_IMGCODECS
    return format != ImageFormat::Unknown;
#else
    return false;
#endif
}

}  // namespace bb
