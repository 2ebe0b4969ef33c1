// Input nested deeper than any file BridgeBench reads, through the real executable: a stored
// run's JSON 100,000 levels deep once made list, show, compare, report and export die with SIGSEGV,
// and so did `import trainer` of a folder whose config.json was. Each now ends in words.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "bridgebench/result_store.h"
#include "support/hand_edit.h"
#include "support/cli_command.h"
#include "support/process_runner.h"
#include "support/temp_dir.h"

namespace bb::deep_input_cli_test {
namespace {

using ::testing::HasSubstr;

const std::filesystem::path kData = BB_TEST_DATA_DIR;

using test::q;
using test::runCli;

std::string deepObject(std::size_t depth) {
    std::string text;
    for (std::size_t level = 0; level < depth; ++level) text += "{\"a\":";
    text += "1";
    text += std::string(depth, '}');
    return text;
}

TEST(CliDeepInput, AStoredRunNestedTooDeepIsLeftOutInWordsByEveryReader) {
    test::TempDir dir;
    const auto db = dir.file("deep.db");
    const auto made = runCli("run --set model=mini-clip --set dataset=synthetic-tensors --set steps=4 --set batch_size=2 "
                          "--set probe=false --set threads=1 --set name=deep --db " + q(db));
    ASSERT_EQ(made.exitCode, 0) << made.err;
    const auto id = ResultStore(db).findRun("deep").value().id;
    test::handEditRunColumn(db, id, "environment_json", deepObject(100'000));
    test::handEditRunColumn(db, id, "summary_json", deepObject(100'000));
    for (const std::string command : {"list", "show deep", "show deep --json", "compare deep", "list --json"}) {
        const auto result = runCli(command + " --db " + q(db));
        EXPECT_EQ(result.exitCode, 0) << command << ": " << result.err;
    }
    const auto shown = runCli("show deep --db " + q(db));
    EXPECT_THAT(shown.out, HasSubstr("the environment is nested deeper than 512 levels: left out"));
    EXPECT_THAT(shown.out, HasSubstr("the summary is nested deeper than 512 levels: left out"));
    for (const std::string format : {"json", "csv", "html"}) {
        const auto out = dir.file("deep." + format);
        const auto result = runCli("export deep --format " + format + " --out " + q(out) + " --db " + q(db));
        EXPECT_EQ(result.exitCode, 0) << format << ": " << result.err;
    }
    const auto report = runCli("report deep --out " + q(dir.file("deep-report.html")) + " --db " + q(db));
    EXPECT_EQ(report.exitCode, 0) << report.err;
}

TEST(CliDeepInput, ATrainerFolderWhoseConfigIsNestedTooDeepIsExitThreeNamingTheFile) {
    test::TempDir dir;
    const auto folder = dir.path() / "deep-run";
    std::filesystem::copy(kData / "trainer/h100", folder);
    std::ofstream(folder / "config.json") << deepObject(100'000);
    const auto result = runCli("import trainer " + q(folder) + " --db " + q(dir.file("r.db")));
    EXPECT_EQ(result.exitCode, 3) << result.err;
    EXPECT_THAT(result.err, HasSubstr((folder / "config.json").string()));
    EXPECT_THAT(result.err, HasSubstr("nested deeper than 512"));
}

TEST(CliDeepInput, AConfigFileNestedTooDeepIsExitThreeNamingTheFile) {
    test::TempDir dir;
    const auto config = dir.file("deep.json");
    std::ofstream(config) << deepObject(100'000);
    const auto result = runCli("run --config " + q(config) + " --db " + q(dir.file("r.db")));
    EXPECT_EQ(result.exitCode, 3) << result.err;
    EXPECT_THAT(result.err, HasSubstr(config.string()));
    EXPECT_THAT(result.err, HasSubstr("nested deeper than 512"));
}

}  // namespace
}  // namespace bb::deep_input_cli_test
