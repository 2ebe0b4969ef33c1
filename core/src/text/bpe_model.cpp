#include "text/bpe_model.h"

#include <limits>
#include <queue>
#include <stdexcept>

#include "text/byte_level_alphabet.h"

namespace bb::text {

BpeModel::BpeModel() {
    const ByteLevelAlphabet& alphabet = ByteLevelAlphabet::instance();
    for (unsigned byte = 0; byte < 256; ++byte) {
        intern(alphabet.symbolOf(static_cast<std::uint8_t>(byte)));
    }
}

std::int32_t BpeModel::intern(std::string text) {
    const auto [it, inserted] = m_symbolIds.try_emplace(std::move(text), static_cast<std::int32_t>(m_symbols.size()));
    if (inserted) {
        m_symbols.push_back(it->first);
    }
    return it->second;
}

void BpeModel::addMerge(std::string_view left, std::string_view right) {
    // Symbols are strings, not merge paths: "a"+"bc" and "ab"+"c" give the same symbol "abc",
    // as in Hugging Face's tuple-of-strings words.
    const std::int32_t leftId = intern(std::string(left));
    const std::int32_t rightId = intern(std::string(right));
    std::string merged;
    merged.reserve(left.size() + right.size());
    merged.append(left).append(right);
    const std::int32_t resultId = intern(std::move(merged));
    m_merges.insert_or_assign(pairKey(leftId, rightId), Merge{m_nextRank++, resultId});
}

std::vector<std::int32_t> BpeModel::apply(std::string_view word) const {
    if (word.size() > static_cast<std::size_t>(std::numeric_limits<std::int32_t>::max())) {
        throw std::length_error("BPE: a word of 2 GiB or more");
    }
    const auto length = static_cast<std::int32_t>(word.size());
    // A doubly linked list over the word's positions; a merge folds the right symbol into the left.
    std::vector<std::int32_t> symbol(word.size());
    std::vector<std::int32_t> next(word.size());
    std::vector<std::int32_t> previous(word.size());
    for (std::int32_t i = 0; i < length; ++i) {
        symbol[i] = static_cast<std::uint8_t>(word[static_cast<std::size_t>(i)]);
        next[i] = i + 1 < length ? i + 1 : -1;
        previous[i] = i - 1;
    }

    struct Candidate {
        std::int32_t rank;
        std::int32_t position;
        std::int32_t left;
        std::int32_t right;
        std::int32_t result;
    };
    struct Later {
        bool operator()(const Candidate& a, const Candidate& b) const noexcept {
            return a.rank != b.rank ? a.rank > b.rank : a.position > b.position;
        }
    };
    std::priority_queue<Candidate, std::vector<Candidate>, Later> queue;
    const auto consider = [&](std::int32_t position) {
        const std::int32_t right = next[position];
        if (right < 0) {
            return;
        }
        const auto found = m_merges.find(pairKey(symbol[position], symbol[right]));
        if (found != m_merges.end()) {
            queue.push({found->second.rank, position, symbol[position], symbol[right], found->second.result});
        }
    };
    for (std::int32_t i = 0; i + 1 < length; ++i) {
        consider(i);
    }

    std::vector<Candidate> batch;
    while (!queue.empty()) {
        // Hugging Face merges every occurrence of the best pair before it looks for the next best,
        // so the occurrences are taken out together: a pair created meanwhile may rank lower
        // (only in a merges file that was not learned in order) and must still wait its turn.
        const std::int32_t rank = queue.top().rank;
        batch.clear();
        while (!queue.empty() && queue.top().rank == rank) {
            batch.push_back(queue.top());
            queue.pop();
        }
        for (const Candidate& candidate : batch) {
            // Entries go stale when a neighbour merged first; a symbol only ever grows, so a
            // position that still holds the same pair is the same occurrence.
            const std::int32_t right = next[candidate.position];
            if (symbol[candidate.position] != candidate.left || right < 0 || symbol[right] != candidate.right) {
                continue;
            }
            symbol[candidate.position] = candidate.result;
            symbol[right] = -1;
            next[candidate.position] = next[right];
            if (next[right] >= 0) {
                previous[next[right]] = candidate.position;
            }
            if (previous[candidate.position] >= 0) {
                consider(previous[candidate.position]);
            }
            consider(candidate.position);
        }
    }

    std::vector<std::int32_t> symbols;
    for (std::int32_t i = length > 0 ? 0 : -1; i >= 0; i = next[i]) {
        symbols.push_back(symbol[i]);
    }
    return symbols;
}

}  // namespace bb::text
