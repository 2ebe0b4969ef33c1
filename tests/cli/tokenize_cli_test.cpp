// Runs the built bridgebench-cli as a user would and checks its output and exit codes.
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "support/file_bytes.h"
#include "support/process_runner.h"
#include "support/temp_dir.h"

namespace bb {
namespace {

const std::string kVocab = std::string(BB_SOURCE_DIR) + "/resources/tokenizer/roberta/vocab.json";
const std::string kMerges = std::string(BB_SOURCE_DIR) + "/resources/tokenizer/roberta/merges.txt";

// Runs bridgebench-cli with `arguments`, feeding `input` on its standard input.
test::ProcessResult runCli(const std::vector<std::string>& arguments, const std::string& input = "") {
    const test::TempDir dir;
    const std::filesystem::path in = test::writeFileBytes(dir.file("stdin"), input);
    std::string command = test::shellQuote(BB_CLI_PATH);
    for (const std::string& argument : arguments) {
        command.append(" ").append(test::shellQuote(argument));
    }
    command.append(" <").append(test::shellQuote(in.string()));
    return test::runCommand(command);
}

TEST(TokenizeCli, PrintsOneLineOfIdsPerText) {
    const test::ProcessResult result =
        runCli({"tokenize", "--vocab", kVocab, "--merges", kMerges, "Hello world", " Hello world", ""});
    EXPECT_EQ(result.exitCode, 0) << result.err;
    EXPECT_EQ(result.out, "0 31414 232 2\n0 20920 232 2\n0 2\n");
}

TEST(TokenizeCli, PrintsOneJsonDocumentAndNothingElse) {
    const test::ProcessResult result = runCli(
        {"tokenize", "--vocab", kVocab, "--merges", kMerges, "--json", "Hello world!", "A, <mask> AllenNLP sentence."});
    EXPECT_EQ(result.exitCode, 0) << result.err;
    const nlohmann::json parsed = nlohmann::json::parse(result.out);
    EXPECT_EQ(parsed, nlohmann::json::parse("[[0,31414,232,328,2],[0,250,6,50264,3823,487,21992,3645,4,2]]"));
}

TEST(TokenizeCli, ReadsOneTextPerLineFromStdin) {
    const test::ProcessResult result =
        runCli({"tokenize", "--vocab", kVocab, "--merges", kMerges, "--stdin"}, "Hello world\r\n\nHello world!\n");
    EXPECT_EQ(result.exitCode, 0) << result.err;
    EXPECT_EQ(result.out, "0 31414 232 2\n0 2\n0 31414 232 328 2\n");
}

TEST(TokenizeCli, TruncatesAndPadsToMaxLength) {
    const test::ProcessResult result = runCli(
        {"tokenize", "--vocab", kVocab, "--merges", kMerges, "--max-length", "4", "Hello world!", "Hello", "--json"});
    EXPECT_EQ(result.exitCode, 0) << result.err;
    EXPECT_EQ(nlohmann::json::parse(result.out), nlohmann::json::parse("[[0,31414,232,2],[0,31414,2,1]]"));
}

TEST(TokenizeCli, ExitsWithUsageErrorForBadArguments) {
    EXPECT_EQ(runCli({"tokenize", "--vocab", kVocab, "--merges", kMerges}).exitCode, 2);
    EXPECT_EQ(runCli({"tokenize", "--vocab", kVocab, "--merges", kMerges, "--stdin", "text"}).exitCode, 2);
    EXPECT_EQ(runCli({"tokenize", "--vocab", kVocab, "--merges", kMerges, "--max-length", "1", "x"}).exitCode, 2);
    EXPECT_EQ(runCli({"tokenize", "--merges", kMerges, "x"}).exitCode, 2);
}

TEST(TokenizeCli, ExitsWithInputErrorNamingAnUnreadableOrMalformedFile) {
    const test::TempDir dir;
    const test::ProcessResult missing =
        runCli({"tokenize", "--vocab", (dir.path() / "nope.json").string(), "--merges", kMerges, "x"});
    EXPECT_EQ(missing.exitCode, 3);
    EXPECT_NE(missing.err.find("nope.json"), std::string::npos) << missing.err;
    EXPECT_EQ(missing.out, "");

    const std::filesystem::path badVocab = test::writeFileBytes(dir.file("vocab.json"), "{\"<s>\": 0,");
    const test::ProcessResult malformed =
        runCli({"tokenize", "--vocab", badVocab.string(), "--merges", kMerges, "--json", "x"});
    EXPECT_EQ(malformed.exitCode, 3);
    EXPECT_NE(malformed.err.find("vocab.json"), std::string::npos) << malformed.err;
    EXPECT_EQ(malformed.out, "");
}

}  // namespace
}  // namespace bb
