#include "bridgebench/printable_text.h"

#include <fmt/format.h>

namespace bb {

namespace {

// The length of the UTF-8 sequence starting at `at` (1 to 4), or 0 where it is not one. Written
// here rather than through ICU: one pass over bytes, for every string that leaves the program.
std::size_t utf8Length(std::string_view text, std::size_t at) {
    const auto byte = [&](std::size_t index) { return static_cast<unsigned char>(text[index]); };
    const unsigned char lead = byte(at);
    std::size_t length = 0;
    if (lead < 0x80) return 1;
    if (lead >= 0xC2 && lead <= 0xDF) length = 2;
    else if (lead >= 0xE0 && lead <= 0xEF) length = 3;
    else if (lead >= 0xF0 && lead <= 0xF4) length = 4;
    else return 0;
    if (at + length > text.size()) return 0;
    for (std::size_t next = 1; next < length; ++next)
        if ((byte(at + next) & 0xC0) != 0x80) return 0;
    // Overlong three- and four-byte forms, surrogates and code points past U+10FFFF.
    if (lead == 0xE0 && byte(at + 1) < 0xA0) return 0;
    if (lead == 0xED && byte(at + 1) >= 0xA0) return 0;
    if (lead == 0xF0 && byte(at + 1) < 0x90) return 0;
    if (lead == 0xF4 && byte(at + 1) >= 0x90) return 0;
    return length;
}

}  // namespace

std::string printableText(std::string_view text) {
    std::string out;
    out.reserve(text.size());
    for (std::size_t at = 0; at < text.size();) {
        const auto c = static_cast<unsigned char>(text[at]);
        const std::size_t length = utf8Length(text, at);
        if (length == 0) {
            out += fmt::format("\\x{:02X}", c);
            ++at;
        } else if (length == 1) {
            if ((c < 0x20 && c != '\t' && c != '\n') || c == 0x7F)
                out += fmt::format("\\x{:02X}", c);
            else
                out += static_cast<char>(c);
            ++at;
        } else {
            // C1 controls are U+0080..U+009F: C2 80..C2 9F.
            const auto second = static_cast<unsigned char>(text[at + 1]);
            if (c == 0xC2 && second < 0xA0)
                out += fmt::format("\\u{:04X}", second);
            else
                out.append(text.substr(at, length));
            at += length;
        }
    }
    return out;
}

}  // namespace bb
