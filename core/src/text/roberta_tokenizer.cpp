#include "bridgebench/roberta_tokenizer.h"

#include <algorithm>
#include <array>
#include <limits>
#include <stdexcept>

#include "bridgebench/errors.h"
#include "text/bpe_model.h"
#include "text/byte_level_alphabet.h"
#include "text/gpt2_pre_tokenizer.h"
#include "text/tokenizer_files.h"
#include "text/unicode_text.h"
#include "text/word_cache.h"
#include "util/file_contents.h"

namespace bb {
namespace {

// Enough for the distinct words of a caption corpus; about 10 MB at worst.
constexpr std::size_t kWordCacheCapacity = 32768;
constexpr std::size_t kMaxCachedWordBytes = 128;

enum SpecialIndex : std::size_t { kBos, kPad, kEos, kUnk, kMask, kSpecialCount };

struct SpecialToken {
    std::string_view text;
    // RoBERTa declares <mask> with lstrip=True so that "a <mask>" predicts the word with its space.
    bool swallowsPrecedingSpace;
};

constexpr std::array<SpecialToken, kSpecialCount> kSpecialTokens = {{
    {"<s>", false},
    {"<pad>", false},
    {"</s>", false},
    {"<unk>", false},
    {"<mask>", true},
}};

// One stretch of the input: plain text, or a special token written literally in it.
struct Piece {
    std::string_view text;
    int special = -1;  // index into kSpecialTokens
};

void replaceAll(std::string& text, std::string_view from, std::string_view to) {
    std::string result;
    std::size_t start = 0;
    for (std::size_t found = text.find(from); found != std::string::npos; found = text.find(from, start)) {
        result.append(text, start, found - start).append(to);
        start = found + from.size();
    }
    if (start == 0) {
        return;
    }
    result.append(text, start, std::string::npos);
    text = std::move(result);
}

}  // namespace

struct RobertaTokenizer::Impl {
    text::Vocabulary vocabulary;
    text::BpeModel bpe;
    std::vector<std::int64_t> vocabIdOfSymbol;
    std::vector<std::string> bytesOfId;
    std::array<std::int64_t, kSpecialCount> specialIds{};
    text::WordCache wordCache{kWordCacheCapacity, kMaxCachedWordBytes};

    std::vector<Piece> splitOnSpecialTokens(std::string_view text) const;
    void appendWordIds(std::string_view word, std::vector<std::int64_t>& ids) const;
    // Appends the ids of `text` (no <s>/</s>), stopping once `ids` holds at least `limit`.
    void appendIds(std::string_view text, std::size_t limit, std::vector<std::int64_t>& ids) const;
    bool isSpecialId(std::int64_t id) const;
    // Throws std::out_of_range unless a token has this id.
    std::size_t checkedIndex(std::int64_t id) const;
};

std::vector<Piece> RobertaTokenizer::Impl::splitOnSpecialTokens(std::string_view text) const {
    std::vector<Piece> pieces;
    std::size_t plainStart = 0;
    for (std::size_t at = text.find('<'); at != std::string_view::npos; at = text.find('<', at)) {
        int matched = -1;
        for (std::size_t i = 0; i < kSpecialTokens.size(); ++i) {
            if (text.substr(at, kSpecialTokens[i].text.size()) == kSpecialTokens[i].text) {
                matched = static_cast<int>(i);
                break;
            }
        }
        if (matched < 0) {
            ++at;
            continue;
        }
        std::string_view before = text.substr(plainStart, at - plainStart);
        if (kSpecialTokens[static_cast<std::size_t>(matched)].swallowsPrecedingSpace) {
            // Python's str.rstrip() on the text before it, as Hugging Face does.
            before = text::trimTrailingPythonSpace(before);
        }
        if (!before.empty()) {
            pieces.push_back({before});
        }
        pieces.push_back({kSpecialTokens[static_cast<std::size_t>(matched)].text, matched});
        at += kSpecialTokens[static_cast<std::size_t>(matched)].text.size();
        plainStart = at;
    }
    if (plainStart < text.size()) {
        pieces.push_back({text.substr(plainStart)});
    }
    return pieces;
}

void RobertaTokenizer::Impl::appendWordIds(std::string_view word, std::vector<std::int64_t>& ids) const {
    if (wordCache.appendIfCached(word, ids)) {
        return;
    }
    const std::size_t first = ids.size();
    for (const std::int32_t symbol : bpe.apply(word)) {
        ids.push_back(vocabIdOfSymbol[static_cast<std::size_t>(symbol)]);
    }
    wordCache.insert(word, std::vector<std::int64_t>(ids.begin() + static_cast<std::ptrdiff_t>(first), ids.end()));
}

void RobertaTokenizer::Impl::appendIds(std::string_view text, std::size_t limit, std::vector<std::int64_t>& ids) const {
    std::vector<std::string_view> words;
    for (const Piece& piece : splitOnSpecialTokens(text)) {
        if (ids.size() >= limit) {
            return;
        }
        if (piece.special >= 0) {
            ids.push_back(specialIds[static_cast<std::size_t>(piece.special)]);
            continue;
        }
        words.clear();
        text::splitGpt2Words(piece.text, words);
        for (const std::string_view word : words) {
            if (ids.size() >= limit) {
                return;
            }
            appendWordIds(word, ids);
        }
    }
}

bool RobertaTokenizer::Impl::isSpecialId(std::int64_t id) const {
    for (const std::int64_t specialId : specialIds) {
        if (id == specialId) {
            return true;
        }
    }
    return false;
}

std::size_t RobertaTokenizer::Impl::checkedIndex(std::int64_t id) const {
    if (id < 0 || static_cast<std::size_t>(id) >= vocabulary.tokenOfId.size() ||
        !vocabulary.idInUse[static_cast<std::size_t>(id)]) {
        throw std::out_of_range("token id " + std::to_string(id) + " is not in the vocabulary");
    }
    return static_cast<std::size_t>(id);
}

RobertaTokenizer::RobertaTokenizer(std::shared_ptr<const Impl> impl) : m_impl(std::move(impl)) {}

RobertaTokenizer RobertaTokenizer::fromFiles(const std::filesystem::path& vocab, const std::filesystem::path& merges) {
    return fromContents(readFileContents(vocab), vocab.string(), readFileContents(merges), merges.string());
}

RobertaTokenizer RobertaTokenizer::fromContents(std::string_view vocabJson, const std::string& vocabName,
                                                std::string_view mergesText, const std::string& mergesName) {
    auto impl = std::make_shared<Impl>();
    impl->vocabulary = text::parseVocabulary(vocabJson, vocabName);
    impl->bpe = text::parseMerges(mergesText, mergesName);

    const auto& idOfToken = impl->vocabulary.idOfToken;
    for (std::size_t i = 0; i < kSpecialTokens.size(); ++i) {
        const auto found = idOfToken.find(std::string(kSpecialTokens[i].text));
        if (found == idOfToken.end()) {
            throw InputError(vocabName + ": the vocabulary has no \"" + std::string(kSpecialTokens[i].text) +
                             "\" token");
        }
        impl->specialIds[i] = found->second;
    }

    impl->vocabIdOfSymbol.resize(impl->bpe.symbolCount());
    for (std::size_t symbol = 0; symbol < impl->bpe.symbolCount(); ++symbol) {
        const auto found = idOfToken.find(impl->bpe.symbolText(static_cast<std::int32_t>(symbol)));
        impl->vocabIdOfSymbol[symbol] = found == idOfToken.end() ? impl->specialIds[kUnk] : found->second;
    }

    const text::ByteLevelAlphabet& alphabet = text::ByteLevelAlphabet::instance();
    impl->bytesOfId.resize(impl->vocabulary.tokenOfId.size());
    for (std::size_t id = 0; id < impl->bytesOfId.size(); ++id) {
        alphabet.appendBytes(impl->vocabulary.tokenOfId[id], impl->bytesOfId[id]);
    }
    return RobertaTokenizer(std::move(impl));
}

std::vector<std::int64_t> RobertaTokenizer::encode(std::string_view text) const {
    std::vector<std::int64_t> ids{m_impl->specialIds[kBos]};
    m_impl->appendIds(text, std::numeric_limits<std::size_t>::max(), ids);
    ids.push_back(m_impl->specialIds[kEos]);
    return ids;
}

TokenizedText RobertaTokenizer::encode(std::string_view text, std::size_t maxLength) const {
    if (maxLength < 2) {
        throw ConfigError("max_length", "must be at least 2 to hold <s> and </s>, got " + std::to_string(maxLength));
    }
    TokenizedText result;
    result.inputIds.reserve(maxLength);
    result.inputIds.push_back(m_impl->specialIds[kBos]);
    // Truncation keeps the first tokens, so words past the limit need no BPE at all.
    m_impl->appendIds(text, maxLength - 1, result.inputIds);
    result.inputIds.resize(std::min(result.inputIds.size(), maxLength - 1));
    result.inputIds.push_back(m_impl->specialIds[kEos]);
    result.attentionMask.assign(result.inputIds.size(), 1);
    result.inputIds.resize(maxLength, m_impl->specialIds[kPad]);
    result.attentionMask.resize(maxLength, 0);
    return result;
}

std::string RobertaTokenizer::decode(std::span<const std::int64_t> ids, DecodeOptions options) const {
    std::string bytes;
    for (const std::int64_t id : ids) {
        if (options.skipSpecialTokens && m_impl->isSpecialId(id)) {
            continue;
        }
        bytes += m_impl->bytesOfId[m_impl->checkedIndex(id)];
    }
    std::string text = text::replaceIllFormedUtf8(bytes);
    if (options.cleanUpTokenizationSpaces) {
        // Hugging Face's clean_up_tokenization, in its order.
        static constexpr std::array<std::pair<std::string_view, std::string_view>, 10> kCleanUps = {{
            {" .", "."},
            {" ?", "?"},
            {" !", "!"},
            {" ,", ","},
            {" ' ", "'"},
            {" n't", "n't"},
            {" 'm", "'m"},
            {" 's", "'s"},
            {" 've", "'ve"},
            {" 're", "'re"},
        }};
        for (const auto& [from, to] : kCleanUps) {
            replaceAll(text, from, to);
        }
    }
    return text;
}

std::int64_t RobertaTokenizer::bosTokenId() const noexcept {
    return m_impl->specialIds[kBos];
}
std::int64_t RobertaTokenizer::padTokenId() const noexcept {
    return m_impl->specialIds[kPad];
}
std::int64_t RobertaTokenizer::eosTokenId() const noexcept {
    return m_impl->specialIds[kEos];
}
std::int64_t RobertaTokenizer::unkTokenId() const noexcept {
    return m_impl->specialIds[kUnk];
}
std::int64_t RobertaTokenizer::maskTokenId() const noexcept {
    return m_impl->specialIds[kMask];
}

std::size_t RobertaTokenizer::vocabSize() const noexcept {
    return m_impl->vocabulary.idOfToken.size();
}

std::optional<std::int64_t> RobertaTokenizer::tokenToId(std::string_view token) const {
    const auto found = m_impl->vocabulary.idOfToken.find(std::string(token));
    if (found == m_impl->vocabulary.idOfToken.end()) {
        return std::nullopt;
    }
    return found->second;
}

const std::string& RobertaTokenizer::idToToken(std::int64_t id) const {
    return m_impl->vocabulary.tokenOfId[m_impl->checkedIndex(id)];
}

}  // namespace bb
