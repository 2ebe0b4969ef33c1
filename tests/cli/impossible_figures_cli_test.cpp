// A figure no run can have is refused where it enters, naming where, what and the range, rather
// than stored as if it had been measured: `list` once printed a 309-digit samples/s, -602.1, or
// 0.0 for NaN, and the report carried x="inf".
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>

#include "support/cli_command.h"
#include "support/process_runner.h"
#include "support/temp_dir.h"

namespace bb::impossible_figures_cli_test {
namespace {

using ::testing::HasSubstr;

const std::filesystem::path kData = BB_TEST_DATA_DIR;

using test::q;
using test::runCli;

// The h100 fixture with one figure of its all_results.json replaced, as Python's json writes it.
std::filesystem::path folderWith(const test::TempDir& dir, const std::string& key, const std::string& value) {
    const auto folder = dir.path() / ("run-" + std::to_string(std::hash<std::string>{}(key + value)));
    std::filesystem::copy(kData / "trainer/h100", folder);
    std::ifstream in(folder / "all_results.json");
    std::stringstream text;
    text << in.rdbuf();
    const std::string edited =
        std::regex_replace(text.str(), std::regex("\"" + key + "\": [^,\\n]+"), "\"" + key + "\": " + value);
    std::ofstream(folder / "all_results.json") << edited;
    return folder;
}

TEST(CliImpossibleFigures, ATrainerFigureNoRunCanHaveIsExitThreeNamingFileKeyValueAndRange) {
    test::TempDir dir;
    const auto db = dir.file("r.db");
    for (const auto& [key, value, shown] : std::vector<std::tuple<std::string, std::string, std::string>>{
             {"train_samples_per_second", "1e308", "1e+308"},
             {"train_samples_per_second", "-602.1", "-602.1"},
             {"train_samples_per_second", "NaN", "nan"},
             {"train_samples_per_second", "Infinity", "inf"},
             {"train_runtime", "-1", "-1"},
             {"total_flos", "1e40", "1e+40"}}) {
        const auto folder = folderWith(dir, key, value);
        const auto result = runCli("import trainer " + q(folder) + " --db " + q(db));
        EXPECT_EQ(result.exitCode, 3) << key << " " << value << ": " << result.out << result.err;
        EXPECT_THAT(result.err, HasSubstr((folder / "all_results.json").string()));
        EXPECT_THAT(result.err, HasSubstr(key + ": " + shown + " is not a figure a run can have (expected 0 to"));
    }
    const auto listed = runCli("list --json --db " + q(db));
    EXPECT_THAT(listed.out, ::testing::Not(HasSubstr("\"imported\""))) << "nothing was stored";
}

TEST(CliImpossibleFigures, ACsvStepFigureNoStepCanHaveIsExitThreeNamingLineColumnAndValue) {
    test::TempDir dir;
    const auto db = dir.file("r.db");
    for (const auto& [columns, row, says] : std::vector<std::tuple<std::string, std::string, std::string>>{
             {"run,step,samples,wall_ms", "a,0,8,-5", "line 2: column \"wall_ms\": -5 is not a figure a step can have"},
             {"run,step,samples_per_s", "a,0,1e308", "column \"samples_per_s\": 1e+308 is not a figure"},
             {"run,step,samples,wall_ms,data_wait_ms", "a,0,8,100,inf", "column \"data_wait_ms\": inf is not a figure"},
             {"run,headline_samples_per_s", "a,-602.1", "column \"headline_samples_per_s\": -602.1 is not a figure"}}) {
        const auto csv = dir.file("bad.csv");
        std::ofstream(csv) << columns << "\n" << row << "\n";
        const auto result = runCli("import csv " + q(csv) + " --db " + q(db));
        EXPECT_EQ(result.exitCode, 3) << row << ": " << result.err;
        EXPECT_THAT(result.err, HasSubstr(says)) << row;
    }
    // A diverged loss is what the run logged, and other_cpu's NaN is "not measured": both stand.
    const auto csv = dir.file("good.csv");
    std::ofstream(csv) << "run,step,samples,wall_ms,loss,other_cpu\na,0,8,100,nan,nan\na,1,8,100,inf,0.5\n";
    EXPECT_EQ(runCli("import csv " + q(csv) + " --db " + q(db)).exitCode, 0);
}

TEST(CliImpossibleFigures, AnOptionOutsideItsRangeIsExitTwo) {
    test::TempDir dir;
    const auto folder = dir.path() / "h100";
    std::filesystem::copy(kData / "trainer/h100", folder);
    for (const std::string option : {"--batch-size 99999999999999999999", "--batch-size 65537", "--device-count 200000",
                                     "--device-count 0", "--workers 9000000000000000000"}) {
        const auto result = runCli("import trainer " + q(folder) + " " + option + " --db " + q(dir.file("r.db")));
        EXPECT_EQ(result.exitCode, 2) << option << ": " << result.err;
    }
}

}  // namespace
}  // namespace bb::impossible_figures_cli_test
