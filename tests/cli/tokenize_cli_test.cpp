// Runs the built bridgebench-cli as a user would and checks its output and exit codes.
#include <sys/wait.h>

#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "support/scratch_dir.h"

namespace bb {
namespace {

using ::testing::HasSubstr;

const std::string kVocab = std::string(BB_SOURCE_DIR) + "/resources/tokenizer/roberta/vocab.json";
const std::string kMerges = std::string(BB_SOURCE_DIR) + "/resources/tokenizer/roberta/merges.txt";

struct CliResult {
    int exitCode;
    std::string out;
    std::string err;
};

std::string shellQuoted(const std::string& argument) {
    std::string quoted = "'";
    for (const char c : argument) {
        quoted += c == '\'' ? std::string("'\\''") : std::string(1, c);
    }
    return quoted + "'";
}

std::string contentsOf(const std::filesystem::path& path) {
    std::ifstream stream(path, std::ios::binary);
    std::ostringstream contents;
    contents << stream.rdbuf();
    return contents.str();
}

CliResult runCli(const std::vector<std::string>& arguments, const std::string& input = "") {
    const test::ScratchDir dir;
    const std::filesystem::path in = dir.write("stdin", input);
    std::string command = shellQuoted(BB_CLI_PATH);
    for (const std::string& argument : arguments) {
        command.append(" ").append(shellQuoted(argument));
    }
    command.append(" <").append(shellQuoted(in.string()));
    command.append(" >").append(shellQuoted((dir.path() / "stdout").string()));
    command.append(" 2>").append(shellQuoted((dir.path() / "stderr").string()));
    const int status = std::system(command.c_str());
    const int exitCode = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    return {exitCode, contentsOf(dir.path() / "stdout"), contentsOf(dir.path() / "stderr")};
}

TEST(TokenizeCli, PrintsOneLineOfIdsPerText) {
    const CliResult result =
        runCli({"tokenize", "--vocab", kVocab, "--merges", kMerges, "Hello world", " Hello world", ""});
    EXPECT_EQ(result.exitCode, 0) << result.err;
    EXPECT_EQ(result.out, "0 31414 232 2\n0 20920 232 2\n0 2\n");
}

TEST(TokenizeCli, PrintsOneJsonDocumentAndNothingElse) {
    const CliResult result =
        runCli({"tokenize", "--vocab", kVocab, "--merges", kMerges, "--json", "Hello world!", "A, <mask> AllenNLP sentence."});
    EXPECT_EQ(result.exitCode, 0) << result.err;
    const nlohmann::json parsed = nlohmann::json::parse(result.out);
    EXPECT_EQ(parsed, nlohmann::json::parse("[[0,31414,232,328,2],[0,250,6,50264,3823,487,21992,3645,4,2]]"));
}

TEST(TokenizeCli, ReadsOneTextPerLineFromStdin) {
    const CliResult result =
        runCli({"tokenize", "--vocab", kVocab, "--merges", kMerges, "--stdin"}, "Hello world\r\n\nHello world!\n");
    EXPECT_EQ(result.exitCode, 0) << result.err;
    EXPECT_EQ(result.out, "0 31414 232 2\n0 2\n0 31414 232 328 2\n");
}

TEST(TokenizeCli, TruncatesAndPadsToMaxLength) {
    const CliResult result = runCli(
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
    const test::ScratchDir dir;
    const CliResult missing =
        runCli({"tokenize", "--vocab", (dir.path() / "nope.json").string(), "--merges", kMerges, "x"});
    EXPECT_EQ(missing.exitCode, 3);
    EXPECT_THAT(missing.err, HasSubstr("nope.json"));
    EXPECT_EQ(missing.out, "");

    const std::filesystem::path badVocab = dir.write("vocab.json", "{\"<s>\": 0,");
    const CliResult malformed = runCli({"tokenize", "--vocab", badVocab.string(), "--merges", kMerges, "--json", "x"});
    EXPECT_EQ(malformed.exitCode, 3);
    EXPECT_THAT(malformed.err, HasSubstr("vocab.json"));
    EXPECT_EQ(malformed.out, "");
}

}  // namespace
}  // namespace bb
