// Bad input through the real executable: each is refused with exit 3 (or ends as a failed
// run) in bounded time, with a message that names the file and what is wrong with it. Every
// command runs under timeout(1), so a hang shows as exit 124 instead of a stuck test.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>

#include <nlohmann/json.hpp>

#include "bridgebench/result_store.h"
#include "support/hand_edit.h"
#include "support/process_runner.h"
#include "support/stored_cpu_run.h"
#include "support/temp_dir.h"

namespace bb::bad_input_cli_test {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;

const std::filesystem::path kData = BB_TEST_DATA_DIR;
constexpr int kTimedOut = 124;

std::string q(const std::filesystem::path& path) { return test::shellQuote(path.string()); }
test::ProcessResult cli(const std::string& arguments) {
    return test::runCommand("timeout 120 " + test::shellQuote(BB_CLI_PATH) + " " + arguments);
}

void writeText(const std::filesystem::path& file, const std::string& text) { std::ofstream(file, std::ios::binary) << text; }

std::int64_t localRuns(const std::filesystem::path& db) {
    if (!std::filesystem::exists(db)) return 0;
    ResultStore store(db);
    std::int64_t count = 0;
    for (const auto& run : store.listRuns()) count += run.origin == RunOrigin::Engine;
    return count;
}

// A one-image dataset whose JPEG header parses (so the dataset opens) but whose data is cut
// short (so every decode fails).
class OnlyImageCorrupt : public ::testing::Test {
protected:
    void SetUp() override {
        ASSERT_EQ(cli("dataset generate --out " + q(m_dir.file("set")) + " --count 1 --width 64 --height 48").exitCode, 0);
        const auto image = m_dir.file("set/images/000000.jpg");
        ASSERT_TRUE(std::filesystem::exists(image)) << "dataset generate names its images differently";
        std::ifstream in(image, std::ios::binary);
        std::string bytes{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
        in.close();
        bytes.resize(bytes.size() / 2);
        writeText(image, bytes);
    }
    test::TempDir m_dir;
};

TEST_F(OnlyImageCorrupt, ARunEndsAsFailedNamingTheDatasetAndTheReasonOnEveryLoaderPath) {
    for (const char* workers : {"0", "2"}) {
        for (const char* deviceTransforms : {"false", "true"}) {
            const std::string label = std::string("workers=") + workers + " device_transforms=" + deviceTransforms;
            const auto result = cli("run --set model=mini-clip --set steps=5 --set batch_size=1 --set workers=" +
                                    std::string(workers) + " --set device_transforms=" + deviceTransforms +
                                    " --set dataset=" + q(m_dir.file("set")) + " --db " + q(m_dir.file("r.db")));
            ASSERT_NE(result.exitCode, kTimedOut) << label << ": hung";
            EXPECT_EQ(result.exitCode, 1) << label << "\n" << result.out << result.err;
            EXPECT_THAT(result.out, HasSubstr("manifest.jsonl: no sample could be loaded")) << label;
            EXPECT_THAT(result.out, HasSubstr("000000.jpg (corrupt JPEG")) << label;
            // Nothing was measured: no zero medians dressed as figures.
            EXPECT_THAT(result.out, Not(HasSubstr("median 0.00"))) << label;
        }
    }
}

TEST_F(OnlyImageCorrupt, BenchLoaderExitsThreeNamingTheDatasetAndTheReason) {
    const auto result = cli("bench loader --data " + q(m_dir.file("set")) + " --workers 0,2 --device-transforms off,on --batch 1");
    ASSERT_NE(result.exitCode, kTimedOut) << "hung";
    EXPECT_EQ(result.exitCode, 3) << result.out << result.err;
    EXPECT_THAT(result.err, HasSubstr("manifest.jsonl: no sample could be loaded"));
    EXPECT_THAT(result.err, HasSubstr("corrupt JPEG"));
    EXPECT_EQ(result.out, "") << "no table header above an error";
}

TEST(CliBadDataset, IsRefusedBeforeARunRowExists) {
    test::TempDir dir;
    std::filesystem::create_directories(dir.file("no-images"));
    writeText(dir.file("empty.jsonl"), "");
    writeText(dir.file("blank.jsonl"), "\n  \n\n");
    writeText(dir.file("missing.jsonl"), R"({"image": "nowhere.jpg", "caption": "a picture that is not there"})" "\n");
    const struct {
        std::filesystem::path dataset;
        const char* says;
    } cases[] = {{dir.file("empty.jsonl"), "no sample in it"},
                 {dir.file("blank.jsonl"), "no sample in it"},
                 {dir.file("missing.jsonl"), "no usable sample"},
                 {dir.file("no-images"), "folder has no manifest.jsonl"}};
    const auto db = dir.file("r.db");
    for (const auto& bad : cases) {
        const auto result = cli("run --set model=mini-clip --set steps=3 --set dataset=" + q(bad.dataset) + " --db " + q(db));
        EXPECT_EQ(result.exitCode, 3) << bad.dataset << "\n" << result.out << result.err;
        EXPECT_THAT(result.err, HasSubstr(bad.dataset.string())) << bad.dataset;
        EXPECT_THAT(result.err, HasSubstr(bad.says)) << bad.dataset;
        EXPECT_EQ(localRuns(db), 0) << bad.dataset << ": a run row was created";
    }
}

// Seen on a hand-edited database: `list` exited 1 with nlohmann's "type must be number, but is
// string", naming neither file, run nor key, and listed nothing.
TEST(CliUnreadableStoredValue, ListAndShowGoOnNamingTheRunTheKeyAndTheValue) {
    test::TempDir dir;
    const auto db = dir.file("edited.db");
    const auto id = test::storeCompletedCpuRun(db, "edited", 0);
    test::handEditRunColumn(db, id, "summary_json", R"({"median_samples_per_s": "fast"})");
    const std::string says = "summary key 'median_samples_per_s' holds \"fast\"";
    const auto listed = cli("list --db " + q(db));
    EXPECT_EQ(listed.exitCode, 0) << listed.err;
    EXPECT_THAT(listed.out, HasSubstr("edited"));
    EXPECT_THAT(listed.err, HasSubstr(db.string() + ": run " + std::to_string(id) + " \"edited\": " + says));
    const auto shown = cli("show edited --db " + q(db));
    EXPECT_EQ(shown.exitCode, 0) << shown.err;
    EXPECT_THAT(shown.out, HasSubstr("unreadable in the database: " + says));
    const auto json = cli("show edited --json --db " + q(db));
    ASSERT_EQ(json.exitCode, 0) << json.err;
    const auto document = nlohmann::json::parse(json.out);
    ASSERT_EQ(document["unreadable"].size(), 1u);
    EXPECT_THAT(document["unreadable"][0].get<std::string>(), HasSubstr(says));
}

// nlohmann reports 1e309 as out_of_range, not parse_error; every reader names file and line.
TEST(CliNumberOverflow, EveryJsonReaderExitsThreeNamingTheFileAndLine) {
    test::TempDir dir;
    // A Trainer output folder with the overflow on line 3 of trainer_state.json.
    std::filesystem::create_directories(dir.file("trainer"));
    writeText(dir.file("trainer/trainer_state.json"),
              "{\n  \"global_step\": 10,\n  \"total_flos\": 1e309,\n  \"log_history\": []\n}\n");
    writeText(dir.file("config.json"), "{\n  \"steps\": 1e309\n}\n");
    writeText(dir.file("study.json"), "{\"name\": \"s\",\n \"base\": {\"steps\": 2},\n \"grid\": {\"workers\": [1e309]}}\n");
    writeText(dir.file("hf.json"), "{\n \"model_type\": \"bridgetower\",\n \"layer_norm_eps\": -1e400\n}\n");
    writeText(dir.file("manifest.jsonl"), "{\"image\": \"a.jpg\", \"caption\": \"x\"}\n{\"image\": \"b.jpg\", \"w\": 1e309}\n");
    const auto db = q(dir.file("r.db"));
    const struct {
        std::string command;
        std::string file;
        std::string line;
    } cases[] = {
        {"import trainer " + q(dir.file("trainer")) + " --db " + db, "trainer_state.json", "line 3"},
        {"run --config " + q(dir.file("config.json")) + " --db " + db, "config.json", "line 2"},
        {"sweep --config " + q(dir.file("study.json")) + " --db " + db, "study.json", "line 3"},
        {"model info --config " + q(dir.file("hf.json")), "hf.json", "line 3"},
        {"run --set model=mini-clip --set dataset=" + q(dir.file("manifest.jsonl")) + " --db " + db, "manifest.jsonl",
         ":2:"},
    };
    for (const auto& bad : cases) {
        const auto result = cli(bad.command);
        EXPECT_EQ(result.exitCode, 3) << bad.command << "\n" << result.err;
        EXPECT_THAT(result.err, HasSubstr(bad.file)) << bad.command;
        EXPECT_THAT(result.err, HasSubstr(bad.line)) << bad.command;
        EXPECT_THAT(result.err, Not(HasSubstr("[json.exception"))) << bad.command;
    }
}

}  // namespace
}  // namespace bb::bad_input_cli_test
