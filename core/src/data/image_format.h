// Recognises an image file by its first bytes, never by its name.
#pragma once

#include <cstdint>
#include <span>
#include <string_view>

namespace bb {

enum class ImageFormat { Jpeg, Png, Bmp, WebP, Tiff, Unknown };

// Needs at most the first 12 bytes.
ImageFormat sniffImageFormat(std::span<const std::uint8_t> head) noexcept;

std::string_view toString(ImageFormat format) noexcept;

// JPEG always; the others only in builds with OpenCV's imgcodecs.
bool canDecode(ImageFormat format) noexcept;

}  // namespace bb
