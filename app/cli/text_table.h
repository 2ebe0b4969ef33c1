// Aligned plain-text tables for terminal output. Widths count UTF-8 code points, so names
// like "8x Gaudi2 · workers 0" line up.
#pragma once

#include <string>
#include <vector>

namespace bb::cli {

class TextTable {
public:
    explicit TextTable(std::vector<std::string> header);
    void addRow(std::vector<std::string> cells);
    std::string render() const;
    // The same within `maxWidth` columns where it can be: `shrinkColumn`'s texts (names) lose their
    // middle to "…" until each line fits, never below its header's width. What a reader must have
    // whole goes under the table, not into a cell.
    std::string render(std::size_t maxWidth, std::size_t shrinkColumn) const;
    // The same with several such columns, the first given losing its middle first.
    std::string render(std::size_t maxWidth, const std::vector<std::size_t>& shrinkColumns) const;
    // A shrunk `column` keeps its start and loses its end ("workers 2 + media pi…"): where a cell's
    // start says most, and its end is no date or time that tells rows apart.
    void keepStart(std::size_t column);

private:
    std::vector<std::size_t> m_keepStart;
    std::vector<std::string> m_header;
    std::vector<std::vector<std::string>> m_rows;
};

}  // namespace bb::cli
