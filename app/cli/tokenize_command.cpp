// bridgebench-cli tokenize: the RoBERTa tokenizer from the command line, for checking ids against
// Hugging Face's and for scripts that prepare captions.
#include <iostream>
#include <iterator>
#include <memory>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "bridgebench/roberta_tokenizer.h"
#include "cli/cli_common.h"
#include "cli/range_check.h"

namespace bb::cli {
namespace {

struct TokenizeOptions {
    std::string vocabPath;
    std::string mergesPath;
    std::size_t maxLength = 0;  // 0: neither truncate nor pad
    std::vector<std::string> texts;
    bool fromStdin = false;
    bool json = false;
};

// One input per line; a Windows line end loses its '\r' too.
std::vector<std::string> readStdinLines() {
    const std::string input{std::istreambuf_iterator<char>(std::cin), std::istreambuf_iterator<char>()};
    std::vector<std::string> lines;
    std::size_t start = 0;
    while (start < input.size()) {
        std::size_t end = input.find('\n', start);
        if (end == std::string::npos) {
            end = input.size();
        }
        std::string line = input.substr(start, end - start);
        if (line.ends_with('\r')) {
            line.pop_back();
        }
        lines.push_back(std::move(line));
        start = end + 1;
    }
    return lines;
}

int runTokenize(const TokenizeOptions& options) {
    if (options.texts.empty() && !options.fromStdin) {
        std::cerr << "error: tokenize needs TEXT arguments or --stdin\n";
        return kExitUsage;
    }
    const RobertaTokenizer tokenizer = RobertaTokenizer::fromFiles(options.vocabPath, options.mergesPath);
    const std::vector<std::string> texts = options.fromStdin ? readStdinLines() : options.texts;

    nlohmann::json all = nlohmann::json::array();
    for (const std::string& text : texts) {
        const std::vector<std::int64_t> ids =
            options.maxLength > 0 ? tokenizer.encode(text, options.maxLength).inputIds : tokenizer.encode(text);
        if (options.json) {
            all.push_back(ids);
            continue;
        }
        std::string line;
        for (const std::int64_t id : ids) {
            if (!line.empty()) {
                line += ' ';
            }
            line += std::to_string(id);
        }
        std::cout << line << '\n';
    }
    if (options.json) {
        std::cout << all.dump() << '\n';
    }
    return kExitOk;
}

}  // namespace

void registerTokenizeCommand(CLI::App& root, CliState& state) {
    auto options = std::make_shared<TokenizeOptions>();
    CLI::App* command = root.add_subcommand("tokenize", "Print the RoBERTa token ids of each text, one line per text");
    command->add_option("--vocab", options->vocabPath, "vocab.json of the tokenizer")->required();
    command->add_option("--merges", options->mergesPath, "merges.txt of the tokenizer")->required();
    command
        ->add_option("--max-length", options->maxLength, "Truncate (keeping </s>) and pad with <pad> to this many ids")
        ->check(integerBetween(2, std::int64_t{1} << 30));
    CLI::Option* texts = command->add_option("text", options->texts, "Texts to tokenize");
    command->add_flag("--stdin", options->fromStdin, "Read the texts from standard input, one per line")
        ->excludes(texts);
    command->add_flag("--json", options->json, "Print one JSON array of id arrays");
    command->footer(
        "Example:\n  bridgebench-cli tokenize --vocab resources/tokenizer/roberta/vocab.json \\\n"
        "      --merges resources/tokenizer/roberta/merges.txt \"a cat on a mat\"\n");
    command->callback([options, &state] { state.exitCode = guarded([&] { return runTokenize(*options); }); });
}

}  // namespace bb::cli
