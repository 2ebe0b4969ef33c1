// Long notes for an 80–120 column terminal: under a table, a note of ~240 characters on one line
// wrapped wherever the terminal chose, mid-word and without its indent.
#pragma once

#include <cstddef>
#include <string>

namespace bb::cli {

// `text` broken at spaces into lines of at most `width` code points, the first starting with
// `firstIndent`, the others with `restIndent`; each line ends in '\n'. A word longer than a line
// stands alone on its line.
std::string wrapText(const std::string& text, std::size_t width, const std::string& firstIndent = {},
                     const std::string& restIndent = {});

}  // namespace bb::cli
