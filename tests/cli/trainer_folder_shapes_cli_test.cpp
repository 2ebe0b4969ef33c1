// Trainer output folders as public repositories hold them (#67): event files a clone without
// git-lfs left as pointers, and folders holding only checkpoints. Each is a valid folder, imported
// through the real executable, saying what it could not read.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <fstream>

#include <nlohmann/json.hpp>

#include "support/process_runner.h"
#include "support/temp_dir.h"
#include "support/trainer_folder.h"

namespace bb::trainer_folder_shapes_cli_test {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;

const std::filesystem::path kData = BB_TEST_DATA_DIR;

std::string cli(const std::string& arguments) { return test::shellQuote(BB_CLI_PATH) + " " + arguments; }
std::string q(const std::filesystem::path& path) { return test::shellQuote(path.string()); }

// What `git clone` without git-lfs leaves where a tracked file was (the LFS spec's pointer).
void writeLfsPointer(const std::filesystem::path& file) {
    std::ofstream out(file, std::ios::binary | std::ios::trunc);
    out << "version https://git-lfs.github.com/spec/v1\n"
           "oid sha256:4d7a214614ab2935c943f9e0ff69d22eadbb8f32b1258daaa5e2ca24d17e2393\n"
           "size 88301\n";
}

// The h100 fixture's folder with its event file replaced by a pointer to it.
std::filesystem::path pointerFolder(const test::TempDir& dir) {
    const auto folder = test::h100TrainerFolder(dir.path(), "lfs-run");
    for (const auto& entry : std::filesystem::recursive_directory_iterator(folder / "runs"))
        if (entry.is_regular_file()) writeLfsPointer(entry.path());
    return folder;
}

// A folder whose runs/ holds LFS pointers was refused, exit 3, "the record's length CRC does not
// match (stored 0x70747468…); the file is corrupt", though its JSON files are whole.
TEST(TrainerFolderShapes, EventFilesLeftAsGitLfsPointersAreSaidAndTheRestImported) {
    const test::TempDir dir;
    const auto folder = pointerFolder(dir);
    const auto db = dir.file("lfs.db");
    const auto imported = test::runCommand(
        cli("import trainer " + q(folder) + " --device-kind cuda --device-name H100 --json --db " + q(db)));
    ASSERT_EQ(imported.exitCode, 0) << imported.err;
    EXPECT_THAT(imported.err + imported.out, HasSubstr("Git LFS pointer to a 88301-byte file"));
    EXPECT_THAT(imported.err + imported.out, HasSubstr("git lfs pull"));
    EXPECT_THAT(imported.err + imported.out, Not(HasSubstr("CRC")));
    const auto json = nlohmann::json::parse(imported.out);
    ASSERT_EQ(json["added"].size(), 1U) << imported.out;
    const auto id = json["added"][0]["id"].get<std::int64_t>();
    // The headline all_results.json states.
    const auto shown = test::runCommand(cli("show " + std::to_string(id) + " --json --db " + q(db)));
    ASSERT_EQ(shown.exitCode, 0) << shown.err;
    EXPECT_TRUE(nlohmann::json::parse(shown.out)["summary"]["median_samples_per_s"].is_number()) << shown.out;
}

// Named alone, the pointers are no event files: refused, saying what they are.
TEST(TrainerFolderShapes, ATensorBoardFolderOfLfsPointersIsRefusedSayingSo) {
    const test::TempDir dir;
    const auto folder = pointerFolder(dir);
    const auto imported = test::runCommand(cli("import tensorboard " + q(folder / "runs") + " --db " + q(dir.file("t.db"))));
    EXPECT_EQ(imported.exitCode, 3) << imported.err;
    EXPECT_THAT(imported.err, HasSubstr("Git LFS pointers"));
    EXPECT_THAT(imported.err, Not(HasSubstr("CRC")));
}

// A run pushed to the Hub with hub_strategy "checkpoint" keeps its state in last-checkpoint/ only,
// with the model's config.json beside it.
TEST(TrainerFolderShapes, AFolderHoldingOnlyLastCheckpointIsReadFromIt) {
    const test::TempDir dir;
    const auto folder = dir.path() / "hub-run";
    std::filesystem::create_directories(folder / "last-checkpoint");
    std::filesystem::copy_file(kData / "trainer/h100/trainer_state.json", folder / "last-checkpoint/trainer_state.json");
    std::ofstream(folder / "last-checkpoint/config.json") << R"({"architectures": ["T5ForConditionalGeneration"]})";
    const auto db = dir.file("hub.db");
    const auto imported = test::runCommand(
        cli("import trainer " + q(folder) + " --device-kind cuda --device-name H100 --json --db " + q(db)));
    ASSERT_EQ(imported.exitCode, 0) << imported.err;
    const auto id = nlohmann::json::parse(imported.out)["added"][0]["id"].get<std::int64_t>();
    const auto shown = test::runCommand(cli("show " + std::to_string(id) + " --json --db " + q(db)));
    ASSERT_EQ(shown.exitCode, 0) << shown.err;
    EXPECT_THAT(nlohmann::json::parse(shown.out)["config"]["model"].get<std::string>(), HasSubstr("T5ForConditionalGeneration"))
        << shown.out;
}

}  // namespace
}  // namespace bb::trainer_folder_shapes_cli_test
