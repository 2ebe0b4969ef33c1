// RoBERTa's byte-level BPE tokenizer (vocab.json + merges.txt, as shipped with BridgeTower and
// RoBERTa checkpoints). Produces the ids of Hugging Face's slow RobertaTokenizer with
// add_prefix_space=False: GPT-2 pre-tokenization, `<s>` … `</s>` around the text, and the literal
// strings `<s>`, `</s>`, `<pad>`, `<unk>`, `<mask>` in the text read as those special tokens
// (`<mask>` also swallowing the whitespace before it).
//
// Thread safety: every const member may be called from several threads at once (the data loader's
// workers share one tokenizer). Copies are cheap and share the vocabulary and the word cache.
#pragma once

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace bb {

// One text ready for the model: both vectors have the requested length.
struct TokenizedText {
    std::vector<std::int64_t> inputIds;
    std::vector<std::int64_t> attentionMask;  // 1 for real tokens, 0 for padding
};

// The defaults are those of Hugging Face's tokenizer.decode().
struct DecodeOptions {
    bool skipSpecialTokens = true;
    // Undo the spaces the tokenizer keeps before punctuation and contractions (" ." → ".").
    bool cleanUpTokenizationSpaces = true;
};

class RobertaTokenizer {
public:
    // Throws InputError naming the file (and line, column or key) when either file cannot be read
    // or is malformed, or when the vocabulary lacks one of the five special tokens.
    static RobertaTokenizer fromFiles(const std::filesystem::path& vocab, const std::filesystem::path& merges);
    // The same for the two files' contents in memory; messages name `vocabName` and `mergesName`.
    static RobertaTokenizer fromContents(std::string_view vocabJson, const std::string& vocabName,
                                         std::string_view mergesText, const std::string& mergesName);

    // `<s>` ids `</s>`, unbounded length. Any bytes are accepted: invalid UTF-8 is tokenized byte
    // by byte like punctuation (the byte-level alphabet covers every byte), so nothing is lost.
    // Time is O(n log n) in the length of the longest word.
    std::vector<std::int64_t> encode(std::string_view text) const;

    // encode(text) truncated to maxLength (keeping `</s>` last) and right-padded with `<pad>`.
    // Throws ConfigError("max_length") when maxLength < 2, which cannot hold `<s>` and `</s>`.
    TokenizedText encode(std::string_view text, std::size_t maxLength) const;

    // Bytes of the tokens, with invalid UTF-8 replaced by U+FFFD as Python's errors="replace" does.
    // Throws std::out_of_range for an id that is not in the vocabulary.
    std::string decode(std::span<const std::int64_t> ids, DecodeOptions options = {}) const;

    std::int64_t bosTokenId() const noexcept;   // <s>
    std::int64_t padTokenId() const noexcept;   // <pad>
    std::int64_t eosTokenId() const noexcept;   // </s>
    std::int64_t unkTokenId() const noexcept;   // <unk>
    std::int64_t maskTokenId() const noexcept;  // <mask>

    // Number of entries in vocab.json (50,265 for RoBERTa).
    std::size_t vocabSize() const noexcept;
    // The vocabulary's spelling of a token (byte-level alphabet: "Ġworld" for " world").
    std::optional<std::int64_t> tokenToId(std::string_view token) const;
    // Throws std::out_of_range for an id that is not in the vocabulary.
    const std::string& idToToken(std::int64_t id) const;

private:
    struct Impl;
    explicit RobertaTokenizer(std::shared_ptr<const Impl> impl);
    std::shared_ptr<const Impl> m_impl;
};

}  // namespace bb
