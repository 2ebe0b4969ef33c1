// Fixed-length text rows for the model: truncate or pad a token sequence, with its
// attention mask. Tokenising itself is the caller's TextEncodeFn (RobertaTokenizer::encode
// in the app), so that the data code does not depend on the tokenizer at compile time.
#pragma once

#include <cstdint>
#include <span>

namespace bb {

struct TextPadding {
    std::int64_t maxLength = 50;
    std::int64_t padTokenId = 1;  // RoBERTa <pad>
    std::int64_t eosTokenId = 2;  // RoBERTa </s>
};

// Writes maxLength ids and mask values. A sequence that ends with </s> keeps it when
// truncated (the model pools and classifies from well-formed sequences); padding is
// padTokenId with mask 0.
void padOrTruncate(std::span<const std::int64_t> ids, const TextPadding& padding,
                   std::int64_t* idsRow, std::int64_t* maskRow) noexcept;

}  // namespace bb
