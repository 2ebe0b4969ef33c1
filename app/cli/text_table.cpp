#include "cli/text_table.h"

#include <algorithm>

namespace bb::cli {

namespace {

std::size_t displayWidth(const std::string& text) {
    return static_cast<std::size_t>(
        std::count_if(text.begin(), text.end(), [](char c) { return (static_cast<unsigned char>(c) & 0xC0) != 0x80; }));
}

}  // namespace

TextTable::TextTable(std::vector<std::string> header) : m_header(std::move(header)) {}

void TextTable::addRow(std::vector<std::string> cells) {
    cells.resize(m_header.size());
    m_rows.push_back(std::move(cells));
}

std::string TextTable::render() const {
    std::vector<std::size_t> widths(m_header.size());
    for (std::size_t c = 0; c < m_header.size(); ++c) widths[c] = displayWidth(m_header[c]);
    for (const auto& row : m_rows)
        for (std::size_t c = 0; c < row.size(); ++c) widths[c] = std::max(widths[c], displayWidth(row[c]));

    auto line = [&](const std::vector<std::string>& cells) {
        std::string out;
        for (std::size_t c = 0; c < cells.size(); ++c) {
            out += cells[c];
            if (c + 1 < cells.size()) out += std::string(widths[c] - displayWidth(cells[c]) + 2, ' ');
        }
        return out + '\n';
    };
    std::string out = line(m_header);
    std::vector<std::string> rule;
    for (auto width : widths) rule.push_back(std::string(width, '-'));
    out += line(rule);
    for (const auto& row : m_rows) out += line(row);
    return out;
}

}  // namespace bb::cli
