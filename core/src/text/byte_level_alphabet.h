// GPT-2's byte-level alphabet: every byte stands for one printable code point, so that a BPE
// vocabulary of strings covers arbitrary bytes without whitespace or control characters in it.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>

namespace bb::text {

class ByteLevelAlphabet {
public:
    // Built once; immutable afterwards, so safe to share between threads.
    static const ByteLevelAlphabet& instance();

    // UTF-8 of the code point that stands for `byte` (" " → "Ġ").
    const std::string& symbolOf(std::uint8_t byte) const noexcept { return m_symbols[byte]; }

    // Appends the bytes that a vocabulary token spells. Code points outside the alphabet (only a
    // hand-made vocabulary has them) are copied through as their own UTF-8.
    void appendBytes(std::string_view token, std::string& out) const;

private:
    ByteLevelAlphabet();

    std::array<std::string, 256> m_symbols;
    // Index: code point; value: byte + 1, 0 when the code point is not in the alphabet. The
    // alphabet's code points all lie below 0x144.
    std::array<std::uint16_t, 0x144> m_byteOfCodePoint{};
};

}  // namespace bb::text
