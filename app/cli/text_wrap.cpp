#include "cli/text_wrap.h"

#include <algorithm>
#include <sstream>
#include <vector>

namespace bb::cli {

namespace {

std::size_t codePoints(const std::string& text) {
    return static_cast<std::size_t>(
        std::count_if(text.begin(), text.end(), [](char c) { return (static_cast<unsigned char>(c) & 0xC0) != 0x80; }));
}

}  // namespace

std::string wrapText(const std::string& text, std::size_t width, const std::string& firstIndent,
                     const std::string& restIndent) {
    std::string out;
    std::string line = firstIndent;
    std::size_t lineWidth = codePoints(firstIndent);
    bool empty = true;  // no word on the line yet
    std::istringstream words(text);
    for (std::string word; words >> word;) {
        const std::size_t wordWidth = codePoints(word);
        if (!empty && lineWidth + 1 + wordWidth > width) {
            out += line + '\n';
            line = restIndent;
            lineWidth = codePoints(restIndent);
            empty = true;
        }
        if (!empty) {
            line += ' ';
            ++lineWidth;
        }
        line += word;
        lineWidth += wordWidth;
        empty = false;
    }
    if (!empty) out += line + '\n';
    return out;
}

}  // namespace bb::cli
