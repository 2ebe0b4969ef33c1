// TFRecord's framing constants and little-endian field access, shared by reader and writer.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace bb::tfevents {

inline constexpr std::size_t kLengthBytes = 8;
inline constexpr std::size_t kCrcBytes = 4;
inline constexpr std::size_t kHeaderBytes = kLengthBytes + kCrcBytes;

// `bytes` holds at least sizeof(T) bytes.
template <typename T>
T readLittleEndian(std::string_view bytes) noexcept {
    T value = 0;
    for (std::size_t i = 0; i < sizeof(T); ++i) {
        value |= static_cast<T>(static_cast<std::uint8_t>(bytes[i])) << (8 * i);
    }
    return value;
}

template <typename T>
void appendLittleEndian(std::string& out, T value) {
    for (std::size_t i = 0; i < sizeof(T); ++i) {
        out.push_back(static_cast<char>((value >> (8 * i)) & 0xFFU));
    }
}

// The framed bytes of one record: length, its masked CRC, the data, the data's masked CRC.
std::string frameRecord(std::string_view data);

}  // namespace bb::tfevents
