// A bounded, thread-safe least-recently-used map from a word to its token ids: captions repeat
// their words, and BPE per word is the tokenizer's main cost.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <list>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace bb::text {

class WordCache {
public:
    // At most `capacity` words, each at most `maxWordBytes` long (longer ones are not kept: they
    // rarely repeat and would make the bound on memory loose).
    WordCache(std::size_t capacity, std::size_t maxWordBytes);

    // Appends the cached ids of `word` to `out` and returns true, or returns false on a miss.
    bool appendIfCached(std::string_view word, std::vector<std::int64_t>& out) const;
    void insert(std::string_view word, const std::vector<std::int64_t>& ids) const;

    std::size_t size() const;

private:
    struct TransparentHash {
        using is_transparent = void;
        std::size_t operator()(std::string_view text) const noexcept { return std::hash<std::string_view>{}(text); }
    };
    using Entry = std::pair<std::string, std::vector<std::int64_t>>;

    std::size_t m_capacity;
    std::size_t m_maxWordBytes;
    mutable std::mutex m_mutex;
    // Front: most recently used. The index's keys view the strings owned by the list's entries.
    mutable std::list<Entry> m_entries;
    mutable std::unordered_map<std::string_view, std::list<Entry>::iterator, TransparentHash, std::equal_to<>> m_index;
};

}  // namespace bb::text
