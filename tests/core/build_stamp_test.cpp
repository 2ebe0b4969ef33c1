// cmake/WriteBuildInfo.cmake on a scratch repository: a dirty build names the tree it built, so
// that a copy whose HEAD lags its files (the lent GPU's) cannot pass for its old commit.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "support/process_runner.h"
#include "support/temp_dir.h"

namespace bb {
namespace {

std::string readFile(const std::filesystem::path& file) {
    std::ifstream in(file);
    std::stringstream text;
    text << in.rdbuf();
    return text.str();
}

std::string run(const std::string& command) {
    const auto result = test::runCommand(command);
    EXPECT_EQ(result.exitCode, 0) << command << "\n" << result.err;
    std::string out = result.out;
    while (!out.empty() && (out.back() == '\n' || out.back() == '\r')) out.pop_back();
    return out;
}

std::string stamp(const std::filesystem::path& repo, const std::filesystem::path& out) {
    const std::string source = BB_SOURCE_DIR;
    run("cmake -DSRC=" + test::shellQuote(source + "/cmake/build_info.cpp.in") + " -DDST=" +
        test::shellQuote(out.string()) + " -DGIT_DIR=" + test::shellQuote(repo.string()) +
        " -DAPP_VERSION=9.9 -P " + test::shellQuote(source + "/cmake/WriteBuildInfo.cmake"));
    return readFile(out);
}

TEST(BuildStamp, ADirtyTreeIsNamedByItsHashAndACleanOneByItsCommitAlone) {
    test::TempDir dir;
    const auto repo = dir.path() / "repo";
    const std::string git = "git -C " + test::shellQuote(repo.string()) +
                            " -c user.name=t -c user.email=t@example.org -c commit.gpgsign=false ";
    std::filesystem::create_directories(repo);
    run(git + "init -q");
    std::ofstream(repo / "a.cpp") << "int a;\n";
    run(git + "add a.cpp");
    run(git + "commit -q -m one");
    const std::string commit = run(git + "rev-parse --short=12 HEAD");

    const std::string clean = stamp(repo, dir.path() / "clean.cpp");
    EXPECT_NE(clean.find("kGitCommit = \"" + commit + "\""), std::string::npos) << clean;
    EXPECT_NE(clean.find("kSourceTree = \"\""), std::string::npos) << clean;

    std::ofstream(repo / "a.cpp") << "int a = 2;\n";
    const std::string dirty = stamp(repo, dir.path() / "dirty.cpp");
    EXPECT_NE(dirty.find("kGitCommit = \"" + commit + "-dirty\""), std::string::npos) << dirty;
    // The tree of the files as they are: what committing them would record.
    run(git + "commit -q -a -m two");
    const std::string tree = run(git + "rev-parse --short=12 HEAD^{tree}");
    EXPECT_NE(dirty.find("kSourceTree = \"" + tree + "\""), std::string::npos) << dirty << " tree " << tree;
    // The repository's own index was not touched: the commit above took the edit from the work tree.
    EXPECT_EQ(run(git + "status --porcelain"), "");
}

}  // namespace
}  // namespace bb
