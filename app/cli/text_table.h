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

private:
    std::vector<std::string> m_header;
    std::vector<std::vector<std::string>> m_rows;
};

}  // namespace bb::cli
