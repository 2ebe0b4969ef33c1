// The few Unicode facts the tokenizer needs, from ICU's character database, over UTF-8 that may
// be ill-formed (text from arbitrary files).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace bb::text {

struct DecodedChar {
    std::int32_t codePoint;  // -1 for an ill-formed sequence
    std::size_t length;      // bytes consumed, at least 1
};

// The character at `offset` (< text.size()). An ill-formed sequence is consumed as its maximal
// subpart, as Unicode's "best practice" (and Python's decoder) does.
DecodedChar decodeUtf8At(std::string_view text, std::size_t offset) noexcept;

std::string encodeUtf8(char32_t codePoint);

// The classes of GPT-2's pre-tokenization pattern: \p{L}, \p{N}, \s (the White_Space property, as
// the `regex` module defines \s) and everything else, ill-formed bytes included.
enum class CharClass : std::uint8_t { Letter, Number, Space, Other };
CharClass classify(std::int32_t codePoint) noexcept;

// Python's str.isspace(): general category Zs or bidirectional class WS, B or S. Wider than \s
// (it adds U+001C..U+001F); Hugging Face uses it through str.rstrip().
bool isPythonSpace(std::int32_t codePoint) noexcept;

// `text` without the trailing characters for which isPythonSpace holds.
std::string_view trimTrailingPythonSpace(std::string_view text) noexcept;

// `text` with every ill-formed sequence replaced by U+FFFD, as bytes.decode("utf-8", "replace").
std::string replaceIllFormedUtf8(std::string_view text);

}  // namespace bb::text
