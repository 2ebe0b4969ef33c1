#include "text/word_cache.h"

namespace bb::text {

WordCache::WordCache(std::size_t capacity, std::size_t maxWordBytes)
    : m_capacity(capacity), m_maxWordBytes(maxWordBytes) {}

bool WordCache::appendIfCached(std::string_view word, std::vector<std::int64_t>& out) const {
    if (word.size() > m_maxWordBytes) {
        return false;
    }
    const std::lock_guard lock(m_mutex);
    const auto found = m_index.find(word);
    if (found == m_index.end()) {
        return false;
    }
    m_entries.splice(m_entries.begin(), m_entries, found->second);
    const std::vector<std::int64_t>& ids = found->second->second;
    out.insert(out.end(), ids.begin(), ids.end());
    return true;
}

void WordCache::insert(std::string_view word, const std::vector<std::int64_t>& ids) const {
    if (word.size() > m_maxWordBytes || m_capacity == 0) {
        return;
    }
    const std::lock_guard lock(m_mutex);
    if (m_index.contains(word)) {
        return;  // another thread computed it too
    }
    if (m_entries.size() >= m_capacity) {
        m_index.erase(std::string_view(m_entries.back().first));
        m_entries.pop_back();
    }
    m_entries.emplace_front(std::string(word), ids);
    m_index.emplace(std::string_view(m_entries.front().first), m_entries.begin());
}

std::size_t WordCache::size() const {
    const std::lock_guard lock(m_mutex);
    return m_entries.size();
}

}  // namespace bb::text
