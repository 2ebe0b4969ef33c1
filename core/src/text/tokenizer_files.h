// Readers for the two files of a byte-level BPE tokenizer, with errors that name file and place.
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "text/bpe_model.h"

namespace bb::text {

struct Vocabulary {
    std::unordered_map<std::string, std::int64_t> idOfToken;
    std::vector<std::string> tokenOfId;  // indexed by id; "" for an id no token has
    std::vector<bool> idInUse;
};

// Ids index vectors of strings, so the largest id decides the memory a vocabulary takes: 2^20
// ids cost ~64 MiB, where 2^24 once let a 40-byte file allocate over a GiB. The largest vocabularies
// in use have about 256k tokens (RoBERTa's: 50,265).
inline constexpr std::int64_t kMaxTokenId = (std::int64_t{1} << 20) - 1;

// vocab.json: one JSON object from token to non-negative integer id, ids unique. Throws
// InputError naming the file and the line/column (syntax) or the token (a wrong value).
Vocabulary readVocabulary(const std::filesystem::path& path);
Vocabulary parseVocabulary(std::string_view contents, const std::string& fileName);

// merges.txt: an optional "#version" first line, then one "left right" pair per line, best first.
// Throws InputError naming the file and the line.
BpeModel readMerges(const std::filesystem::path& path);
BpeModel parseMerges(std::string_view contents, const std::string& fileName);

}  // namespace bb::text
