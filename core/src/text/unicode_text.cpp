#include "text/unicode_text.h"

#include <array>
#include <cstddef>

#include <unicode/uchar.h>
#include <unicode/utf8.h>

namespace bb::text {
namespace {

constexpr std::string_view kReplacementCharacter = "\xEF\xBF\xBD";

// Most caption text is ASCII; a table keeps ICU's property lookups off that path.
constexpr std::array<CharClass, 128> makeAsciiClasses() {
    std::array<CharClass, 128> classes{};
    for (int c = 0; c < 128; ++c) {
        if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')) {
            classes[c] = CharClass::Letter;
        } else if (c >= '0' && c <= '9') {
            classes[c] = CharClass::Number;
        } else if ((c >= 0x09 && c <= 0x0D) || c == ' ') {
            classes[c] = CharClass::Space;
        } else {
            classes[c] = CharClass::Other;
        }
    }
    return classes;
}

constexpr std::array<CharClass, 128> kAsciiClasses = makeAsciiClasses();

}  // namespace

DecodedChar decodeUtf8At(std::string_view text, std::size_t offset) noexcept {
    const auto* bytes = reinterpret_cast<const std::uint8_t*>(text.data());
    std::ptrdiff_t index = static_cast<std::ptrdiff_t>(offset);
    const std::ptrdiff_t length = static_cast<std::ptrdiff_t>(text.size());
    UChar32 codePoint = 0;
    U8_NEXT(bytes, index, length, codePoint);
    return {codePoint < 0 ? -1 : codePoint, static_cast<std::size_t>(index) - offset};
}

std::string encodeUtf8(char32_t codePoint) {
    std::array<std::uint8_t, U8_MAX_LENGTH> buffer{};
    std::size_t length = 0;
    U8_APPEND_UNSAFE(buffer.data(), length, codePoint);
    return {reinterpret_cast<const char*>(buffer.data()), length};
}

CharClass classify(std::int32_t codePoint) noexcept {
    if (codePoint < 0) {
        return CharClass::Other;
    }
    if (codePoint < 128) {
        return kAsciiClasses[static_cast<std::size_t>(codePoint)];
    }
    switch (u_charType(codePoint)) {
    case U_UPPERCASE_LETTER:
    case U_LOWERCASE_LETTER:
    case U_TITLECASE_LETTER:
    case U_MODIFIER_LETTER:
    case U_OTHER_LETTER:
        return CharClass::Letter;
    case U_DECIMAL_DIGIT_NUMBER:
    case U_LETTER_NUMBER:
    case U_OTHER_NUMBER:
        return CharClass::Number;
    default:
        return u_isUWhiteSpace(codePoint) ? CharClass::Space : CharClass::Other;
    }
}

bool isPythonSpace(std::int32_t codePoint) noexcept {
    if (codePoint < 0) {
        return false;
    }
    if (u_charType(codePoint) == U_SPACE_SEPARATOR) {
        return true;
    }
    switch (u_charDirection(codePoint)) {
    case U_WHITE_SPACE_NEUTRAL:
    case U_BLOCK_SEPARATOR:
    case U_SEGMENT_SEPARATOR:
        return true;
    default:
        return false;
    }
}

std::string_view trimTrailingPythonSpace(std::string_view text) noexcept {
    // Forward scan: stepping backwards through ill-formed UTF-8 would split sequences differently.
    std::size_t keep = 0;
    std::size_t offset = 0;
    while (offset < text.size()) {
        const DecodedChar decoded = decodeUtf8At(text, offset);
        offset += decoded.length;
        if (!isPythonSpace(decoded.codePoint)) {
            keep = offset;
        }
    }
    return text.substr(0, keep);
}

std::string replaceIllFormedUtf8(std::string_view text) {
    std::string out;
    out.reserve(text.size());
    std::size_t offset = 0;
    while (offset < text.size()) {
        const DecodedChar decoded = decodeUtf8At(text, offset);
        if (decoded.codePoint < 0) {
            out.append(kReplacementCharacter);
        } else {
            out.append(text.substr(offset, decoded.length));
        }
        offset += decoded.length;
    }
    return out;
}

}  // namespace bb::text
