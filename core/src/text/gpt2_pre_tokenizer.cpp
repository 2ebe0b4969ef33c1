// Written as a scanner rather than handed to a regex engine: ICU's regex works on UTF-16 and
// would replace ill-formed bytes before we could keep them, std::regex knows no \p{L}, and
// PCRE2's \s with UCP differs from the `regex` module's (U+180E). The pattern's six alternatives
// are simple enough to follow one by one; the comments name the alternative each branch is.
#include "text/gpt2_pre_tokenizer.h"

#include <array>

#include "text/unicode_text.h"

namespace bb::text {
namespace {

struct Char {
    CharClass charClass;
    std::size_t length;
    bool isAsciiSpace;  // the literal space of " ?"
};

Char charAt(std::string_view text, std::size_t offset) {
    const DecodedChar decoded = decodeUtf8At(text, offset);
    return {classify(decoded.codePoint), decoded.length, decoded.codePoint == ' '};
}

// The regex's contractions are case-sensitive and tried in this order.
constexpr std::array<std::string_view, 7> kContractions = {"'s", "'t", "'re", "'ve", "'m", "'ll", "'d"};

std::size_t contractionAt(std::string_view text, std::size_t offset) {
    for (const std::string_view contraction : kContractions) {
        if (text.substr(offset, contraction.size()) == contraction) {
            return contraction.size();
        }
    }
    return 0;
}

// End of the run of characters of class `charClass` that starts at `offset`.
std::size_t runEnd(std::string_view text, std::size_t offset, CharClass charClass) {
    while (offset < text.size()) {
        const Char next = charAt(text, offset);
        if (next.charClass != charClass) {
            break;
        }
        offset += next.length;
    }
    return offset;
}

}  // namespace

void splitGpt2Words(std::string_view text, std::vector<std::string_view>& words) {
    std::size_t offset = 0;
    while (offset < text.size()) {
        const std::size_t start = offset;
        if (text[offset] == '\'') {
            if (const std::size_t length = contractionAt(text, offset); length > 0) {
                words.push_back(text.substr(start, length));
                offset += length;
                continue;
            }
        }
        const Char first = charAt(text, offset);
        // " ?\p{L}+", " ?\p{N}+", " ?[^\s\p{L}\p{N}]+" with the optional space present.
        if (first.isAsciiSpace && offset + first.length < text.size()) {
            const Char second = charAt(text, offset + first.length);
            if (second.charClass != CharClass::Space) {
                offset = runEnd(text, offset + first.length + second.length, second.charClass);
                words.push_back(text.substr(start, offset - start));
                continue;
            }
        }
        // The same three without the space.
        if (first.charClass != CharClass::Space) {
            offset = runEnd(text, offset + first.length, first.charClass);
            words.push_back(text.substr(start, offset - start));
            continue;
        }
        // "\s+(?!\S)": the whole run when it ends the text, else the run less its last character,
        // which then starts the next word (joined to it by " ?" when it is a space).
        std::size_t lastCharStart = offset;
        while (offset < text.size()) {
            const Char next = charAt(text, offset);
            if (next.charClass != CharClass::Space) {
                break;
            }
            lastCharStart = offset;
            offset += next.length;
        }
        if (offset < text.size() && lastCharStart > start) {
            offset = lastCharStart;
        }
        // Otherwise "\s+": a single whitespace character before a non-space one.
        words.push_back(text.substr(start, offset - start));
    }
}

}  // namespace bb::text
