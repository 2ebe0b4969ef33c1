#include "cli/text_table.h"

#include <algorithm>

namespace bb::cli {

namespace {

std::size_t displayWidth(const std::string& text) {
    return static_cast<std::size_t>(
        std::count_if(text.begin(), text.end(), [](char c) { return (static_cast<unsigned char>(c) & 0xC0) != 0x80; }));
}

// The first `count` code points of `text`.
std::string prefixOf(const std::string& text, std::size_t count) {
    std::size_t seen = 0;
    for (std::size_t byte = 0; byte < text.size(); ++byte)
        if ((static_cast<unsigned char>(text[byte]) & 0xC0) != 0x80 && seen++ == count) return text.substr(0, byte);
    return text;
}

// The last `count` code points of `text`.
std::string suffixOf(const std::string& text, std::size_t count) {
    const std::size_t width = displayWidth(text);
    if (count >= width) return text;
    const std::string head = prefixOf(text, width - count);
    return text.substr(head.size());
}

// `text` in `width` code points: its start and end around "…" (a generated name's time is at its end).
std::string elideMiddle(const std::string& text, std::size_t width) {
    if (displayWidth(text) <= width) return text;
    if (width <= 1) return prefixOf(text, width);
    const std::size_t keep = width - 1;
    return prefixOf(text, (keep + 1) / 2) + "…" + suffixOf(text, keep / 2);
}

// `text` in `width` code points: its start and "…".
std::string elideEnd(const std::string& text, std::size_t width) {
    if (displayWidth(text) <= width) return text;
    if (width <= 1) return prefixOf(text, width);
    return prefixOf(text, width - 1) + "…";
}

}  // namespace

void TextTable::keepStart(std::size_t column) { m_keepStart.push_back(column); }

TextTable::TextTable(std::vector<std::string> header) : m_header(std::move(header)) {}

void TextTable::addRow(std::vector<std::string> cells) {
    cells.resize(m_header.size());
    m_rows.push_back(std::move(cells));
}

std::string TextTable::render() const { return render(0, m_header.size()); }

std::string TextTable::render(std::size_t maxWidth, std::size_t shrinkColumn) const {
    return render(maxWidth, std::vector<std::size_t>{shrinkColumn});
}

std::string TextTable::render(std::size_t maxWidth, const std::vector<std::size_t>& shrinkColumns) const {
    std::vector<std::size_t> widths(m_header.size());
    for (std::size_t c = 0; c < m_header.size(); ++c) widths[c] = displayWidth(m_header[c]);
    for (const auto& row : m_rows)
        for (std::size_t c = 0; c < row.size(); ++c) widths[c] = std::max(widths[c], displayWidth(row[c]));
    std::vector<std::vector<std::string>> rows = m_rows;
    std::size_t total = 0;
    for (const auto width : widths) total += width;
    if (!widths.empty()) total += 2 * (widths.size() - 1);
    for (const auto column : shrinkColumns) {
        if (maxWidth == 0 || total <= maxWidth || column >= widths.size()) continue;
        const std::size_t over = total - maxWidth;
        // A dozen characters still tell names apart ("tiny b…12:47:38").
        const std::size_t least = std::min(widths[column], std::max<std::size_t>(12, displayWidth(m_header[column])));
        const std::size_t width = std::max(least, widths[column] > over ? widths[column] - over : 0);
        total -= widths[column] - width;
        widths[column] = width;
        const bool start = std::find(m_keepStart.begin(), m_keepStart.end(), column) != m_keepStart.end();
        for (auto& row : rows) row[column] = start ? elideEnd(row[column], width) : elideMiddle(row[column], width);
    }

    auto line = [&](const std::vector<std::string>& cells) {
        std::string out;
        for (std::size_t c = 0; c < cells.size(); ++c) {
            out += cells[c];
            if (c + 1 < cells.size()) out += std::string(widths[c] - displayWidth(cells[c]) + 2, ' ');
        }
        // An empty last cell (a row without a mark) leaves no padding at the line's end.
        out.erase(out.find_last_not_of(' ') + 1);
        return out + '\n';
    };
    std::string out = line(m_header);
    std::vector<std::string> rule;
    for (auto width : widths) rule.push_back(std::string(width, '-'));
    out += line(rule);
    for (const auto& row : rows) out += line(row);
    return out;
}

}  // namespace bb::cli
