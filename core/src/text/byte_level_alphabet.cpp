#include "text/byte_level_alphabet.h"

#include "text/unicode_text.h"

namespace bb::text {
namespace {

// Bytes that are printable Latin-1 characters stand for themselves; GPT-2 moves the rest (space,
// controls, DEL, NBSP, soft hyphen) to 256, 257, … in byte order.
bool isPrintableLatin1(unsigned byte) {
    return (byte >= 0x21 && byte <= 0x7E) || (byte >= 0xA1 && byte <= 0xAC) || (byte >= 0xAE && byte <= 0xFF);
}

}  // namespace

const ByteLevelAlphabet& ByteLevelAlphabet::instance() {
    static const ByteLevelAlphabet alphabet;
    return alphabet;
}

ByteLevelAlphabet::ByteLevelAlphabet() {
    char32_t nextShifted = 256;
    for (unsigned byte = 0; byte < 256; ++byte) {
        const char32_t codePoint = isPrintableLatin1(byte) ? static_cast<char32_t>(byte) : nextShifted++;
        m_symbols[byte] = encodeUtf8(codePoint);
        m_byteOfCodePoint[codePoint] = static_cast<std::uint16_t>(byte + 1);
    }
}

void ByteLevelAlphabet::appendBytes(std::string_view token, std::string& out) const {
    std::size_t offset = 0;
    while (offset < token.size()) {
        const DecodedChar decoded = decodeUtf8At(token, offset);
        const auto codePoint = decoded.codePoint;
        if (codePoint >= 0 && static_cast<std::size_t>(codePoint) < m_byteOfCodePoint.size() &&
            m_byteOfCodePoint[codePoint] != 0) {
            out.push_back(static_cast<char>(m_byteOfCodePoint[codePoint] - 1));
        } else {
            out.append(token.substr(offset, decoded.length));
        }
        offset += decoded.length;
    }
}

}  // namespace bb::text
