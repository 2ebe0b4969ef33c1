// A piece of someone's input as an error message quotes it.
#pragma once

#include <string>
#include <string_view>

#include <fmt/format.h>

#include "bridgebench/printable_text.h"

namespace bb {

// At most 40 bytes (cut at a UTF-8 character's start), then how long the whole was: a CSV
// field of 100 MB once made an error message of 100 MB.
// Control characters and bytes outside UTF-8 are shown escaped (printable_text.h): `import csv
// /dev/urandom` echoed raw binary.
inline std::string textExcerpt(std::string_view text) {
    constexpr std::size_t kShown = 40;
    if (text.size() <= kShown) return printableText(text);
    std::size_t cut = kShown;
    while (cut > 0 && (static_cast<unsigned char>(text[cut]) & 0xC0) == 0x80) --cut;
    return fmt::format("{}... ({} bytes)", printableText(text.substr(0, cut)), text.size());
}

}  // namespace bb
