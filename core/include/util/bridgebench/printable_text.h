// Text from someone's files on its way out of the program: a run named "\x1b[2J" cleared the
// terminal of whoever listed it, and its SVG was not well-formed XML. Every control character
// (C0 but tab and line feed, DEL, C1) and every byte that is not UTF-8 becomes a visible escape;
// valid UTF-8 (a Chinese run name) stays as it is.
#pragma once

#include <string>
#include <string_view>

namespace bb {

// "\x1B", "\x7F" for C0 and DEL; "\u009B" for C1; "\xFF" for a byte outside UTF-8. Tab and line
// feed stay.
std::string printableText(std::string_view text);

}  // namespace bb
