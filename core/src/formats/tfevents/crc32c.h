// CRC-32C (Castagnoli), the checksum of TFRecord framing, and TFRecord's "masked" form of it.
#pragma once

#include <cstdint>
#include <string_view>

namespace bb::tfevents {

std::uint32_t crc32c(std::string_view bytes) noexcept;

// TFRecord stores CRCs rotated right by 15 bits plus 0xa282ead8, so that a CRC computed over data
// that itself holds CRCs does not degenerate.
std::uint32_t maskCrc(std::uint32_t crc) noexcept;

inline std::uint32_t maskedCrc32c(std::string_view bytes) noexcept {
    return maskCrc(crc32c(bytes));
}

}  // namespace bb::tfevents
