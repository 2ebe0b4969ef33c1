// GPT-2's pre-tokenization: the text is cut into words before BPE, exactly where the pattern
//   's|'t|'re|'ve|'m|'ll|'d| ?\p{L}+| ?\p{N}+| ?[^\s\p{L}\p{N}]+|\s+(?!\S)|\s+
// (Python's `regex` module, as Hugging Face's RobertaTokenizer uses it) would cut it.
#pragma once

#include <string_view>
#include <vector>

namespace bb::text {

// Appends the words of `text` to `words`; they are views into `text` and together cover it.
// Linear in the length of `text`; ill-formed UTF-8 counts as punctuation ([^\s\p{L}\p{N}]).
void splitGpt2Words(std::string_view text, std::vector<std::string_view>& words);

}  // namespace bb::text
