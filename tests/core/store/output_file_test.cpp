// An export written a piece at a time is whole or absent: the file it replaces stays as it was
// until the last piece is written, and a failure part-way leaves nothing behind.
#include "interop/export/output_file.h"

#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <stdexcept>

#include "bridgebench/run_export.h"
#include "support/temp_dir.h"

namespace bb::output_file_test {
namespace {

std::string contents(const std::filesystem::path& file) {
    std::ifstream in(file);
    std::stringstream text;
    text << in.rdbuf();
    return text.str();
}

// Steps of 100 ms until the store fails after `count` of them (a disk error, an interrupt's
// exception); `given` counts them.
StepSource failingAfter(int count, int& given) {
    return [count, &given](const RunData&, const StepVisitor& visit) {
        StepMetrics step;
        for (;;) {
            step.step = given++;
            step.timestampMs = 1.7e12 + 100.0 * given;
            step.wallMs = 100;
            step.samples = 8;
            if (given > count) throw std::runtime_error("the store failed");
            if (!visit(step)) return;
        }
    };
}

TEST(OutputFile, TheFileIsReplacedOnlyWhenCommitted) {
    test::TempDir dir;
    const auto file = dir.file("out.csv");
    std::ofstream(file) << "before";
    {
        OutputFile out(file);
        out.write("a,");
        out.write("b\n");
        EXPECT_EQ(contents(file), "before");
        out.commit();
    }
    EXPECT_EQ(contents(file), "a,b\n");
    EXPECT_FALSE(std::filesystem::exists(dir.file("out.csv.partial")));
}

TEST(OutputFile, AnExportThatFailsPartWayLeavesTheOldFileAndNoPartialOne) {
    test::TempDir dir;
    const auto file = dir.file("runs.csv");
    std::ofstream(file) << "the export before";
    RunData data;
    data.run.name = "long";
    data.run.uuid = "u";
    int given = 0;
    const StepSource failing = failingAfter(1000, given);
    for (const auto& write : {+[](const std::vector<RunData>& runs, const StepSource& steps, const std::filesystem::path& out) {
                                 exportCsv(runs, steps, out);
                             },
                             +[](const std::vector<RunData>& runs, const StepSource& steps, const std::filesystem::path& out) {
                                 exportJson(runs, steps, out);
                             }}) {
        given = 0;
        EXPECT_THROW(write({data}, failing, file), std::runtime_error);
        EXPECT_EQ(contents(file), "the export before");
        EXPECT_FALSE(std::filesystem::exists(dir.file("runs.csv.partial")));
    }
}

// A full disk once left a 4,096-byte events file, whose import then took 4 of a run's 150 steps.
TEST(OutputFile, ATensorBoardExportThatFailsPartWayLeavesNoEventsFile) {
    test::TempDir dir;
    RunData data;
    data.run.name = "long";
    data.run.uuid = "u";
    int given = 0;
    const StepSource failing = failingAfter(5000, given);
    EXPECT_THROW(exportTensorBoard({data}, failing, dir.path() / "board"), std::runtime_error);
    for (const auto& entry : std::filesystem::recursive_directory_iterator(dir.path() / "board"))
        EXPECT_FALSE(entry.is_regular_file()) << entry.path();
}

}  // namespace
}  // namespace bb::output_file_test
