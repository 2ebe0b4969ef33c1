// Written by hand: Debian 12 packages no CRC-32C library (Google's crc32c is not in bookworm,
// zlib's crc32 uses the other polynomial, and Boost.CRC would add libboost-dev for one table).
// Event files are megabytes, so a byte-wise table is fast enough.
#include "formats/tfevents/crc32c.h"

#include <array>

namespace bb::tfevents {
namespace {

constexpr std::uint32_t kReversedPolynomial = 0x82F63B78;
constexpr std::uint32_t kMaskDelta = 0xA282EAD8;

constexpr std::array<std::uint32_t, 256> makeTable() {
    std::array<std::uint32_t, 256> table{};
    for (std::uint32_t byte = 0; byte < 256; ++byte) {
        std::uint32_t crc = byte;
        for (int bit = 0; bit < 8; ++bit) {
            crc = (crc >> 1) ^ ((crc & 1U) != 0 ? kReversedPolynomial : 0U);
        }
        table[byte] = crc;
    }
    return table;
}

constexpr std::array<std::uint32_t, 256> kTable = makeTable();

}  // namespace

std::uint32_t crc32c(std::string_view bytes) noexcept {
    std::uint32_t crc = 0xFFFFFFFFU;
    for (const char c : bytes) {
        crc = (crc >> 8) ^ kTable[(crc ^ static_cast<std::uint8_t>(c)) & 0xFFU];
    }
    return crc ^ 0xFFFFFFFFU;
}

std::uint32_t maskCrc(std::uint32_t crc) noexcept {
    return ((crc >> 15) | (crc << 17)) + kMaskDelta;
}

}  // namespace bb::tfevents
