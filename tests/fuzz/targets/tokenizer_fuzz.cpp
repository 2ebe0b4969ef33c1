// The RoBERTa byte-level BPE tokenizer: vocab.json, merges.txt and a text to encode, given as
// one input cut in three at fuzz::kPartSeparator. What encode() gives, decode() takes back.
#include "bridgebench/errors.h"
#include "bridgebench/roberta_tokenizer.h"
#include "fuzz_support.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const auto parts = bb::fuzz::splitParts(bb::fuzz::textOf(data, size), 3);
    std::optional<bb::RobertaTokenizer> tokenizer;
    try {
        tokenizer = bb::RobertaTokenizer::fromContents(parts[0], "vocab.json", parts[1], "merges.txt");
    } catch (const bb::InputError& error) {
        const std::string_view message = error.what();
        bb::fuzz::expect(message.starts_with("vocab.json") || message.starts_with("merges.txt"),
                         "an error message does not name the file", error.what());
        return 0;
    }
    const std::vector<std::int64_t> ids = tokenizer->encode(parts[2]);
    // decode() throws std::out_of_range for an id the vocabulary lacks; none may come from encode().
    (void)tokenizer->decode(ids);
    (void)tokenizer->decode(ids, {.skipSpecialTokens = false, .cleanUpTokenizationSpaces = false});
    const bb::TokenizedText truncated = tokenizer->encode(parts[2], 16);
    bb::fuzz::expect(truncated.inputIds.size() == 16 && truncated.attentionMask.size() == 16, "encode(text, 16) is not 16 ids long");
    return 0;
}
