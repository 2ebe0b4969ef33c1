// The merge table of a byte-level BPE vocabulary and the algorithm that applies it to one word.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace bb::text {

// Symbols are interned strings of the byte-level alphabet; ids 0..255 are the single bytes.
// Immutable once built, so apply() may run on several threads at once.
class BpeModel {
public:
    BpeModel();

    // Merges are ranked in the order they are added; a pair added twice keeps the later rank,
    // as the Python dictionary that Hugging Face builds from merges.txt does.
    void addMerge(std::string_view left, std::string_view right);

    // The symbols of `word` (raw bytes) after applying the merges: repeatedly the pair of lowest
    // rank, every occurrence of it left to right, until no adjacent pair has a rank. Equal to
    // Hugging Face's loop, in O(n log n) rather than its O(n²) per word.
    std::vector<std::int32_t> apply(std::string_view word) const;

    const std::string& symbolText(std::int32_t symbol) const { return m_symbols[static_cast<std::size_t>(symbol)]; }
    std::size_t symbolCount() const noexcept { return m_symbols.size(); }

private:
    struct Merge {
        std::int32_t rank;
        std::int32_t result;
    };

    std::int32_t intern(std::string text);
    static std::uint64_t pairKey(std::int32_t left, std::int32_t right) noexcept {
        return (static_cast<std::uint64_t>(static_cast<std::uint32_t>(left)) << 32) | static_cast<std::uint32_t>(right);
    }

    std::vector<std::string> m_symbols;
    std::unordered_map<std::string, std::int32_t> m_symbolIds;
    std::unordered_map<std::uint64_t, Merge> m_merges;
    std::int32_t m_nextRank = 0;
};

}  // namespace bb::text
